"""Payment methods and the provider that serves each, per shop (issue 23 item 1).

The pay page offers methods, not providers: WeChat Pay, Alipay, and cards (with Apple Pay and
Google Pay). The shop's owner chooses, per method, which of the shop's switched-on providers
serves it (Alipay through the direct Alipay account, through Stripe or through Antom; WeChat Pay
directly or through an acquirer). Which methods a provider kind can serve is said once, by its
class (`methods` in bff/payments/providers/, registered in PROVIDER_CLASSES).

A method with no choice saved, or whose chosen provider is not switched on, is served as before
choices existed: by the first switched-on provider whose own first method it is (WeChat Pay by
WeChat Pay, Alipay by Alipay, cards by Stripe), so a shop that never chose keeps today's behaviour.
"""

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from bff.accounts.models import User
from bff.audit.models import AuditEntry
from bff.audit.services import Action, diff, json_value
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.payments.error_codes import ProviderConfigErrorCode as Code
from bff.payments.messages import text
from bff.payments.models import PaymentMethodChoice
from bff.payments.providers import PROVIDER_CLASSES, methods_of
from bff.shops.models import Shop

WECHAT_PAY, ALIPAY, CARD = "wechat_pay", "alipay", "card"
METHODS = (WECHAT_PAY, ALIPAY, CARD)
OBJECT = "payment_methods"


def kinds_for(method: str) -> list[str]:
    """The provider kinds that can serve `method`, in the register's order."""
    return [kind for kind in PROVIDER_CLASSES if method in methods_of(kind)]


def get_row(session: Session, shop: Shop) -> PaymentMethodChoice | None:
    return session.scalar(select(PaymentMethodChoice).where(PaymentMethodChoice.shop_id == shop.id))


def saved_choices(session: Session, shop: Shop) -> dict[str, str]:
    row = get_row(session, shop)
    return dict(row.choices or {}) if row else {}


def serving(choices: dict[str, str], offered: list[str]) -> dict[str, str]:
    """Which of the `offered` providers (switched on, in the storefront's order) serves each
    method: the owner's choice when it is offered and fits, else the default (see the module)."""
    served = {}
    for method in METHODS:
        chosen = choices.get(method)
        if chosen in offered and method in methods_of(chosen):
            served[method] = chosen
            continue
        default = next((name for name in offered if methods_of(name)[:1] == (method,)), None)
        if default is not None:
            served[method] = default
    return served


def method_providers(session: Session, shop: Shop, offered: list[str]) -> dict[str, str]:
    """The shop's methods and the provider serving each (none for a sandbox-only shop)."""
    return serving(saved_choices(session, shop), offered)


def view(session: Session, shop: Shop, enabled: list[str]) -> dict:
    """What the console shows: the saved choices, which kinds can serve each method, and which
    switched-on provider serves it now."""
    row = get_row(session, shop)
    choices = dict(row.choices or {}) if row else {}
    served = serving(choices, enabled)
    return {
        "version": row.version if row else 0,
        "methods": [
            {
                "method": method,
                "provider": choices.get(method),
                "serving": served.get(method),
                "options": kinds_for(method),
            }
            for method in METHODS
        ],
    }


def _invalid(language: str, field: str, key: str, **values) -> DomainError:
    message = text(language, key, **values)
    return DomainError(Code.VALIDATION, message, {field: [message]})


def save(
    session: Session, shop: Shop, actor: User | None, choices: dict, if_match: set[int] | None
) -> PaymentMethodChoice:
    """Set the provider of the given methods (None or "" clears one: the default serves it);
    methods left out keep their choice. If-Match once the shop has saved choices."""
    language = shop.language
    row = get_row(session, shop)
    current = row.version if row else 0
    problem = version_check(current, if_match, required=row is not None)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(Code.IF_MATCH_REQUIRED, text(language, "if_match_required"))
    if problem is VersionCheck.STALE:
        raise DomainError(Code.STALE_VERSION, text(language, "stale_version"))
    before = dict(row.choices or {}) if row else {}
    after = dict(before)
    for method, kind in choices.items():
        if method not in METHODS:
            raise _invalid(language, method, "method_unknown", method=method)
        if kind in (None, ""):
            after.pop(method, None)
            continue
        if kind not in kinds_for(method):
            raise _invalid(language, method, "method_provider_unfit", provider=kind, method=method)
        after[method] = kind
    if row is None:
        row = PaymentMethodChoice(shop_id=shop.id, choices=after)
        session.add(row)
    else:
        row.choices = after
    try:
        session.flush()
    except (StaleDataError, IntegrityError):
        session.rollback()
        raise DomainError(Code.STALE_VERSION, text(language, "stale_version")) from None
    session.add(
        AuditEntry(
            shop_id=shop.id,
            actor_id=actor.id if actor else None,
            actor_email=actor.email if actor else "",
            action=(Action.CREATE if current == 0 else Action.UPDATE).value,
            object_type=OBJECT,
            object_id=row.id,
            changes=json_value(diff(before, after)),
            note="payment methods",
        )
    )
    session.commit()
    return row
