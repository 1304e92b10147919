"""Order updates as WeChat template messages (模板消息), sent through the outbox like mail.

A template message goes to a member who has an openid of the shop's official account and
follows it, for an event whose template id the owner entered (bff/wechat/settings.py). The
order's domain queues it (`can_send`, then `outbox.enqueue(channel="wechat_template")` in the
order change's own transaction) and writes it when it is sent (`compose`); this module's carrier
sends it: `POST /cgi-bin/message/template/send?access_token=...` with `{touser, template_id, url,
data: {keyword: {value}}}` (模板消息接口, 发送模板消息:
https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Template_Message_Interface.html;
https://developers.weixin.qq.com/doc/service/api/notify/template/api_sendtemplatemessage.html).

How a try ends: sent; 43004 "require subscribe" (the member does not follow the account) ends
the row as undeliverable, since no retry can change that; a refused token (40001) is refreshed
once and tried again (bff/wechat/services.py `with_access_token`); anything else is tried again
after MAIL_RETRY_DELAYS, like mail, then the row fails. Nothing of it reaches the order.

Values fit their keyword's type, which a category template's keyword names first (类目模板消息
参数值内容限制, same page): thing at most 20 characters, character_string 32 (digits, letters,
symbols), phrase 5 Chinese characters, amount one currency symbol and a number, time a 24-hour
time with its date. A longer value is cut so WeChat takes it (47003 otherwise, every retry).
"""

import logging
import re
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from bff.accounts import outbox
from bff.shops.models import Shop
from bff.wechat import api
from bff.wechat.messages import text
from bff.wechat.models import WechatOpenid, WechatSettings
from bff.wechat.services import with_access_token
from bff.wechat.settings import fields_of, official_account
from bff.wechat.tokens import credential_cache

log = logging.getLogger(__name__)

CHANNEL = outbox.Channel.WECHAT_TEMPLATE


def openid_of(session: Session, shop_id: int, user_id: int, appid: str) -> str | None:
    """The member's openid for the official account `appid`, or None."""
    return session.scalar(
        select(WechatOpenid.openid)
        .where(WechatOpenid.shop_id == shop_id, WechatOpenid.user_id == user_id, WechatOpenid.appid == appid)
        .limit(1)
    )


def _settings(session: Session, shop_id: int) -> WechatSettings | None:
    return session.scalar(select(WechatSettings).where(WechatSettings.shop_id == shop_id))


def can_send(session: Session, shop_id: int, user_id: int, event: str) -> bool:
    """Whether `event` has a template and the member an openid of the shop's official account."""
    row = _settings(session, shop_id)
    if row is None or not row.official_appid or not (row.templates or {}).get(event):
        return False
    return openid_of(session, shop_id, user_id, row.official_appid) is not None


@dataclass(frozen=True)
class TemplateMessage:
    touser: str
    template_id: str
    url: str
    data: dict[str, str] = field(default_factory=dict)

    def body(self) -> dict:
        body = {"touser": self.touser, "template_id": self.template_id, "data": {}}
        if self.url:
            body["url"] = self.url
        body["data"] = {keyword: {"value": value} for keyword, value in self.data.items()}
        return body


@dataclass(frozen=True)
class OrderFacts:
    """What an order's message can tell (bff/wechat/settings.py TEMPLATE_FIELDS), as plain text."""

    order_number: str
    amount: str  # in the shop's currency, for a thing keyword ("NZ$12.30")
    amount_yuan: str  # the yuan figure, for an amount keyword ("¥56.78")
    courier: str
    tracking: str
    time: datetime  # in the shop's time zone
    link: str


_TYPE = re.compile(r"([A-Za-z_]+?)\d*")
_LIMITS = {
    "thing": 20,
    "character_string": 32,
    "number": 32,
    "letter": 32,
    "symbol": 5,
    "phone_number": 17,
    "car_number": 8,
    "const": 20,
    "phrase": 5,
}


def keyword_type(keyword: str) -> str:
    """A category template keyword's type (`character_string1` -> character_string); '' for the
    older templates' free keywords (keyword1)."""
    match = _TYPE.fullmatch(keyword)
    kind = match.group(1).lower() if match else ""
    return kind if kind in _LIMITS or kind in ("amount", "time", "date") else ""


def _cut(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _value(keyword: str, name: str, facts: OrderFacts, event: str, language: str) -> str:
    kind = keyword_type(keyword)
    if name == "time":
        if kind == "character_string":  # digits, letters and symbols only
            return f"{facts.time:%Y-%m-%d %H:%M}"
        return f"{facts.time.year}年{facts.time.month}月{facts.time.day}日 {facts.time:%H:%M}"
    if name == "status":
        # A phrase keyword takes Chinese characters only, whatever the shop's language.
        return text("zh" if kind == "phrase" else language, f"status_{event}")
    if name == "amount":
        value = facts.amount_yuan if kind == "amount" else facts.amount
    else:
        value = getattr(facts, name)
    return _cut(value, _LIMITS[kind]) if kind in _LIMITS else value


def compose(
    session: Session, shop: Shop, user_id: int, event: str, facts: OrderFacts
) -> TemplateMessage | None:
    """The message for `event`, or None when there is nothing to send any more (no template,
    no official account or no openid now)."""
    row = _settings(session, shop.id)
    template_id = ((row.templates if row else None) or {}).get(event)
    if row is None or not row.official_appid or not template_id:
        return None
    openid = openid_of(session, shop.id, user_id, row.official_appid)
    if openid is None:
        return None
    data = {}
    for name, keyword in fields_of(row, event).items():
        value = _value(keyword, name, facts, event, shop.language) if keyword else ""
        if value:
            data[keyword] = value
    return TemplateMessage(touser=openid, template_id=template_id, url=facts.link, data=data)


def _prepare(message: TemplateMessage, _config) -> TemplateMessage:
    if not isinstance(message, TemplateMessage):
        raise TypeError(f"not a template message: {type(message).__name__}")
    return message


def _deliver(session: Session, row: outbox.OutboxMail, message: TemplateMessage, config) -> outbox.Outcome:
    api_base = config["WECHAT_API_URL"]
    try:
        shop = session.get(Shop, row.shop_id)
        app = official_account(session, shop, config["PAYMENT_SECRETS_KEY"]) if shop else None
        if app is None:
            return outbox.Outcome(outbox.Delivery.RETRY, "the shop has no official account")
        with_access_token(
            session,
            shop,
            app,
            api_base,
            credential_cache(),
            lambda token: api.send_template_message(api_base, token, message.body()),
        )
    except SQLAlchemyError:
        raise  # the row stays claimed and falls due again after its lease, as mail does
    except api.WechatError as exc:
        if exc.errcode == api.NOT_FOLLOWING:
            log.info("WeChat message %s: the member does not follow shop %s's account", row.id, row.shop_id)
            return outbox.Outcome(outbox.Delivery.UNDELIVERABLE, str(exc))
        log.warning("Could not send WeChat message %s (try %d): %s", row.id, row.tries, exc)
        return outbox.Outcome(outbox.Delivery.RETRY, str(exc))
    except Exception as exc:  # a sealed secret unreadable, and the like: logged, tried again
        log.exception("Could not send WeChat message %s (try %d)", row.id, row.tries)
        return outbox.Outcome(outbox.Delivery.RETRY, repr(exc))
    return outbox.Outcome(outbox.Delivery.SENT)


outbox.carrier(CHANNEL, outbox.Carrier(_prepare, _deliver))
