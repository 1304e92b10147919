"""A shop's WeChat apps as its owner enters them (console or `flask wechat configure`): the
official account (公众号: share cards, sign-in inside WeChat, template messages) and the website
application (网站应用: QR sign-in on desktop), each an AppID and an AppSecret, and the template
message ids with, per template, the keyword each of our fields fills (a template chosen from
WeChat's library has its own keyword names, `{{character_string1.DATA}}`: the owner copies them
from its detail page; `DEFAULT_FIELDS` until they do). AppSecrets are sealed like the merchant
keys (bff/common/encryption.py) and never answered: views say only whether each is set."""

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from bff.accounts.models import User
from bff.audit.models import AuditEntry
from bff.audit.services import Action, diff, json_value
from bff.common.encryption import seal, unseal
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.shops.models import Shop
from bff.wechat.error_codes import WechatErrorCode as Code
from bff.wechat.messages import text
from bff.wechat.models import WechatSettings

OBJECT = "wechat_settings"
SET = "(set)"  # what the audit log shows of a secret
PUBLIC_FIELDS = ("official_appid", "website_appid", "verify_file_name", "verify_file_text")
SECRET_FIELDS = ("official_secret", "website_secret")
# The order events a template message may be sent for (their ids come from the official
# account's 模板消息 page, one template chosen from WeChat's library per event).
TEMPLATE_EVENTS = ("order_received", "order_paid", "order_shipped", "order_refunded")
# What an order's template message can tell, and which of it each event's template may show.
TEMPLATE_FIELDS = ("order_number", "amount", "status", "courier", "tracking", "time")
EVENT_FIELDS = {
    "order_received": ("order_number", "amount", "status", "time"),
    "order_paid": ("order_number", "amount", "status", "time"),
    "order_shipped": ("order_number", "status", "courier", "tracking", "time"),
    "order_refunded": ("order_number", "amount", "status", "time"),
}
# Keywords as WeChat's category templates name them (type, then a number: 模板消息接口,
# 类目模板消息); the owner's template may number them otherwise, and says so in the console.
DEFAULT_FIELDS = {
    "order_received": {
        "order_number": "character_string1",
        "amount": "amount2",
        "time": "time3",
        "status": "phrase4",
    },
    "order_paid": {
        "order_number": "character_string1",
        "amount": "amount2",
        "time": "time3",
        "status": "phrase4",
    },
    "order_shipped": {
        "order_number": "character_string1",
        "courier": "thing2",
        "tracking": "character_string3",
        "time": "time4",
        "status": "phrase5",
    },
    "order_refunded": {
        "order_number": "character_string1",
        "amount": "amount2",
        "time": "time3",
        "status": "phrase4",
    },
}


def keyword_input(event: str, field: str) -> str:
    """The name of the input field that sets `field`'s keyword in `event`'s template."""
    return f"keyword_{event}_{field}"


def normalise_keyword(value: str | None) -> str:
    """A keyword as the owner may paste it (`{{thing2.DATA}}`, `thing2.DATA`) without the dressing."""
    keyword = (value or "").strip().removeprefix("{{").removesuffix("}}").strip()
    return keyword.removesuffix(".DATA")


def fields_of(row: WechatSettings | None, event: str) -> dict[str, str]:
    """{our field: template keyword} for `event` (the owner's, else the defaults); a field the
    owner left empty is not sent."""
    saved = ((row.template_fields if row else None) or {}).get(event)
    mapping = saved if isinstance(saved, dict) else DEFAULT_FIELDS[event]
    return {field: mapping.get(field, "") for field in EVENT_FIELDS[event]}


@dataclass(frozen=True)
class App:
    appid: str
    secret: str


def _owner(shop_id: int) -> str:
    return f"{shop_id}:wechat"


def get_settings(session: Session, shop: Shop) -> WechatSettings | None:
    return session.scalar(select(WechatSettings).where(WechatSettings.shop_id == shop.id))


def secrets_of(row: WechatSettings | None, keys: str) -> dict[str, str]:
    return unseal(keys, _owner(row.shop_id), row.secrets) if row and row.secrets else {}


def official_account(session: Session, shop: Shop, keys: str) -> App | None:
    """The official account's AppID and AppSecret, or None until both are entered."""
    row = get_settings(session, shop)
    secret = secrets_of(row, keys).get("official_secret")
    return App(row.official_appid, secret) if row and row.official_appid and secret else None


def website_app(session: Session, shop: Shop, keys: str) -> App | None:
    row = get_settings(session, shop)
    secret = secrets_of(row, keys).get("website_secret")
    return App(row.website_appid, secret) if row and row.website_appid and secret else None


def verify_file(session: Session, shop: Shop, name: str) -> str | None:
    """The text of the shop's WeChat domain check file `name`, or None when it is not that file."""
    row = get_settings(session, shop)
    if row is None or not row.verify_file_name or row.verify_file_name != name:
        return None
    return row.verify_file_text


def view(row: WechatSettings | None, keys: str) -> dict:
    secrets = secrets_of(row, keys)
    templates = (row.templates if row else None) or {}
    return {
        "version": row.version if row else 0,
        **{name: getattr(row, name) if row else "" for name in PUBLIC_FIELDS},
        "secrets_set": {name: bool(secrets.get(name)) for name in SECRET_FIELDS},
        "templates": {event: templates.get(event, "") for event in TEMPLATE_EVENTS},
        "template_fields": {event: fields_of(row, event) for event in TEMPLATE_EVENTS},
    }


def _keywords(mappings: dict[str, dict[str, str]]) -> dict[str, str]:
    return {
        f"keyword.{event}.{field}": keyword for event, m in mappings.items() for field, keyword in m.items()
    }


def configure(
    session: Session, shop: Shop, actor: User | None, data: dict, if_match: set[int] | None, keys: str
) -> WechatSettings:
    """Set the given fields (an empty value clears one, an absent one is kept); template ids come
    as `template_<event>`, keywords as `keyword_<event>_<field>` (an event's mapping, once one
    of its keywords is given, is stored whole: the others keep what they showed). Needs If-Match
    once the settings exist."""
    language = shop.language
    row = get_settings(session, shop)
    if row is None:
        row = WechatSettings(
            shop_id=shop.id, templates={}, template_fields={}, secrets="", **dict.fromkeys(PUBLIC_FIELDS, "")
        )
    current = row.version or 0
    problem = version_check(current, if_match, required=row.id is not None)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(Code.IF_MATCH_REQUIRED, text(language, "if_match_required"))
    if problem is VersionCheck.STALE:
        raise DomainError(Code.STALE_VERSION, text(language, "stale_version"))
    secrets = secrets_of(row, keys)
    templates = dict(row.templates or {})
    mappings = {event: fields_of(row, event) for event in TEMPLATE_EVENTS}
    saved_mappings = dict(row.template_fields or {})
    public = {name: getattr(row, name) or "" for name in PUBLIC_FIELDS}
    before = {
        **public,
        **{name: SET for name in secrets},
        **{f"template.{k}": v for k, v in templates.items()},
        **_keywords(mappings),
    }
    for name in PUBLIC_FIELDS:
        if name in data:
            public[name] = (data[name] or "").strip()
    for name in SECRET_FIELDS:
        if name in data:
            value = (data[name] or "").strip()
            if value:
                secrets[name] = value
            else:
                secrets.pop(name, None)
    for event in TEMPLATE_EVENTS:
        if f"template_{event}" not in data:
            continue
        template_id = (data[f"template_{event}"] or "").strip()
        if template_id:
            templates[event] = template_id
        else:
            templates.pop(event, None)
    problems: dict[str, list[str]] = {}
    for event in TEMPLATE_EVENTS:
        given = {
            f: data[keyword_input(event, f)] for f in EVENT_FIELDS[event] if keyword_input(event, f) in data
        }
        if not given:
            continue
        mapping = {**mappings[event], **{f: normalise_keyword(v) for f, v in given.items()}}
        seen: dict[str, str] = {}
        for field, keyword in mapping.items():
            if keyword and keyword in seen:
                message = text(language, "keyword_twice", keyword=keyword)
                problems.setdefault(keyword_input(event, field), []).append(message)
            seen.setdefault(keyword, field)
        mappings[event] = saved_mappings[event] = mapping
    if problems:
        session.rollback()
        raise DomainError(Code.VALIDATION, next(iter(problems.values()))[0], problems)
    for name, value in public.items():
        setattr(row, name, value)
    row.secrets = seal(keys, _owner(shop.id), secrets)
    row.templates = templates
    row.template_fields = saved_mappings
    session.add(row)
    try:
        session.flush()
    except StaleDataError:
        session.rollback()
        raise DomainError(Code.STALE_VERSION, text(language, "stale_version")) from None
    after = {
        **public,
        **{name: SET for name in secrets},
        **{f"template.{k}": v for k, v in templates.items()},
        **_keywords(mappings),
    }
    session.add(
        AuditEntry(
            shop_id=shop.id,
            actor_id=actor.id if actor else None,
            actor_email=actor.email if actor else "flask wechat configure",
            action=(Action.CREATE if current == 0 else Action.UPDATE).value,
            object_type=OBJECT,
            object_id=row.id,
            changes=json_value(diff(before, after)),
        )
    )
    session.commit()
    return row
