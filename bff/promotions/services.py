"""Applying promotions to a checkout, and keeping a code's uses within its limits.

`quote` is what the checkout (and its preview) take off: the best 满减 tier, the shopper's code
and free shipping for the chosen method (bff/promotions/rules.py). A code that cannot be used
raises a DomainError with its reason in the shop's language; nothing is written before that, so
the cart stays as it was.

`claim_code` is called inside the order's transaction: a conditional UPDATE raises the code's
`used_count` only while it is below `usage_limit`, and a member's use takes the next of their
numbered slots under a unique key, so neither limit can be passed by checkouts running at once
(the second waits for the first's row lock or key, then finds the limit reached). A cancelled or
released order gives its use back (`release_code_uses`).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import DateTime, Integer, String, column, func, or_, select, table, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.common.errors import DomainError
from bff.common.models import Money, as_utc, utcnow
from bff.promotions import rules
from bff.promotions.error_codes import PromotionErrorCode as Code
from bff.promotions.messages import text
from bff.promotions.models import (
    DiscountCode,
    DiscountCodeUse,
    DiscountKind,
    FreeShippingThreshold,
    OrderDiscount,
    Scope,
    SpendTier,
)
from bff.shops.models import Shop

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class CartLine:
    """A checkout line as promotions see it: its amount and what a code's scope looks at."""

    amount: Decimal
    product_id: int
    category_id: int | None
    brand_id: int | None


@dataclass
class Applied:
    kind: DiscountKind
    rule_id: int | None
    label: str
    amount: Decimal


@dataclass
class PromotionQuote:
    subtotal: Decimal
    discounts: list[Applied] = field(default_factory=list)  # the items' discounts: tier, code
    shares: tuple[Decimal, ...] = ()
    code: DiscountCode | None = None
    free_shipping: FreeShippingThreshold | None = None  # the threshold reached for the method
    threshold: FreeShippingThreshold | None = None  # the method's threshold, reached or not

    @property
    def discount_total(self) -> Decimal:
        return sum((d.amount for d in self.discounts), ZERO)

    @property
    def items_total(self) -> Decimal:
        return self.subtotal - self.discount_total


def _running(model, now: datetime):
    return (
        model.paused.is_(False),
        or_(model.starts_at.is_(None), model.starts_at <= now),
        or_(model.ends_at.is_(None), model.ends_at > now),
    )


def _money(value: Decimal) -> str:
    return f"{Decimal(value):.2f}"


def tier_label(shop: Shop, tier: SpendTier) -> str:
    return text(shop.language, "tier_label", threshold=_money(tier.threshold), saving=_money(tier.saving))


def free_shipping_label(shop: Shop, threshold: FreeShippingThreshold) -> str:
    return text(shop.language, "free_shipping_label", threshold=_money(threshold.threshold))


def normalise_code(value: str | None) -> str:
    return (value or "").strip().upper()


def covers(code: DiscountCode, line: CartLine) -> bool:
    ids = set(code.scope_ids or [])
    if code.scope == Scope.CATEGORIES:
        return line.category_id in ids
    if code.scope == Scope.BRANDS:
        return line.brand_id in ids
    if code.scope == Scope.PRODUCTS:
        return line.product_id in ids
    return True


def _member_uses(session: Session, code: DiscountCode, user: User) -> list[int]:
    return list(
        session.scalars(
            select(DiscountCodeUse.slot).where(
                DiscountCodeUse.code_id == code.id, DiscountCodeUse.user_id == user.id
            )
        )
    )


def _refusal(shop: Shop, error: Code, shown: str, **values) -> DomainError:
    message = text(shop.language, error.value, code=shown, **values)
    return DomainError(error, message, {"discountCode": [message]})


def usable_code(
    session: Session, shop: Shop, user: User, entered: str, lines: Sequence[CartLine], now: datetime
) -> DiscountCode:
    """The shop's code `entered` (any case), or a DomainError saying why it cannot be used now."""
    shown = normalise_code(entered)
    code = session.scalar(
        select(DiscountCode).where(DiscountCode.shop_id == shop.id, DiscountCode.code == shown)
    )
    if code is None:
        raise _refusal(shop, Code.CODE_UNKNOWN, shown[:40])
    if code.paused:
        raise _refusal(shop, Code.CODE_PAUSED, shown)
    if code.starts_at is not None and now < as_utc(code.starts_at):
        start = as_utc(code.starts_at).astimezone(ZoneInfo(shop.time_zone)).strftime("%Y-%m-%d %H:%M")
        raise _refusal(shop, Code.CODE_NOT_STARTED, shown, start=start)
    if code.ends_at is not None and now >= as_utc(code.ends_at):
        raise _refusal(shop, Code.CODE_EXPIRED, shown)
    if code.usage_limit is not None and code.used_count >= code.usage_limit:
        raise _refusal(shop, Code.CODE_USED_UP, shown)
    if code.per_member_limit is not None and len(_member_uses(session, code, user)) >= code.per_member_limit:
        raise _refusal(shop, Code.CODE_MEMBER_LIMIT, shown, n=code.per_member_limit)
    covered = [line.amount for line in lines if covers(code, line)]
    if not covered:
        raise _refusal(shop, Code.CODE_NOT_APPLICABLE, shown)
    if sum(covered, ZERO) < code.min_spend:
        raise _refusal(shop, Code.CODE_MIN_SPEND, shown, amount=_money(code.min_spend))
    return code


def quote(
    session: Session,
    shop: Shop,
    user: User,
    lines: Sequence[CartLine],
    method: str,
    entered_code: str | None = None,
    now: datetime | None = None,
) -> PromotionQuote:
    """What the shop's running promotions take off these lines shipped by `method`."""
    now = now or utcnow()
    subtotal = sum((line.amount for line in lines), ZERO)
    tiers = list(
        session.scalars(
            select(SpendTier)
            .where(SpendTier.shop_id == shop.id, *_running(SpendTier, now))
            .order_by(SpendTier.id)
        )
    )
    best = rules.best_tier([(t.threshold, t.saving) for t in tiers], subtotal)
    tier = tiers[best] if best is not None else None
    code = (
        usable_code(session, shop, user, entered_code, lines, now) if normalise_code(entered_code) else None
    )
    threshold = session.scalar(
        select(FreeShippingThreshold).where(
            FreeShippingThreshold.shop_id == shop.id,
            FreeShippingThreshold.shipping_type == method,
            FreeShippingThreshold.paused.is_(False),
        )
    )
    outcome = rules.apply(
        [rules.Line(line.amount, code is None or covers(code, line)) for line in lines],
        tier.saving if tier else ZERO,
        (code.kind, code.value) if code else None,
        threshold.threshold if threshold else None,
    )
    result = PromotionQuote(subtotal, shares=outcome.shares, code=code, threshold=threshold)
    if tier is not None and outcome.tier_saving > 0:
        result.discounts.append(
            Applied(DiscountKind.TIER, tier.id, tier_label(shop, tier), outcome.tier_saving)
        )
    if code is not None:
        label = text(shop.language, "code_label", code=code.code)
        result.discounts.append(Applied(DiscountKind.CODE, code.id, label, outcome.code_saving))
    if outcome.free_shipping:
        result.free_shipping = threshold
    return result


def claim_code(session: Session, shop: Shop, user: User, code: DiscountCode, order_id: int) -> None:
    """Take one use of `code` for the order, within both limits, in the caller's transaction;
    on a refusal the transaction is rolled back and a DomainError raised."""
    taken = session.execute(
        update(DiscountCode)
        .where(
            DiscountCode.id == code.id,
            or_(DiscountCode.usage_limit.is_(None), DiscountCode.used_count < DiscountCode.usage_limit),
        )
        .values(used_count=DiscountCode.used_count + 1)
        .execution_options(synchronize_session=False)
    )
    if taken.rowcount != 1:
        session.rollback()
        raise _refusal(shop, Code.CODE_USED_UP, code.code)
    used = set(_member_uses(session, code, user))
    slot = next(n for n in range(1, len(used) + 2) if n not in used)
    if code.per_member_limit is not None and slot > code.per_member_limit:
        session.rollback()
        raise _refusal(shop, Code.CODE_MEMBER_LIMIT, code.code, n=code.per_member_limit)
    try:
        with session.begin_nested():
            session.add(
                DiscountCodeUse(
                    shop_id=shop.id, code_id=code.id, user_id=user.id, order_id=order_id, slot=slot
                )
            )
    except IntegrityError:
        # Another checkout of this member took the slot first.
        session.rollback()
        raise _refusal(shop, Code.CODE_MEMBER_LIMIT, code.code, n=code.per_member_limit or 1) from None


def record_discounts(
    session: Session, shop: Shop, order_id: int, promotion: PromotionQuote, shipping_saved: Decimal
) -> None:
    """The order's applied rules and what each saved (the free shipping: the fee it waived)."""
    for applied in promotion.discounts:
        session.add(
            OrderDiscount(
                shop_id=shop.id,
                order_id=order_id,
                kind=applied.kind,
                rule_id=applied.rule_id,
                label=applied.label,
                amount=applied.amount,
            )
        )
    if promotion.free_shipping is not None and shipping_saved > 0:
        session.add(
            OrderDiscount(
                shop_id=shop.id,
                order_id=order_id,
                kind=DiscountKind.FREE_SHIPPING,
                rule_id=promotion.free_shipping.id,
                label=free_shipping_label(shop, promotion.free_shipping),
                amount=shipping_saved,
            )
        )


def release_code_uses(session: Session, order_id: int) -> None:
    """Give back the code uses of a cancelled order (called once, by the cancellation's step)."""
    for use in session.scalars(select(DiscountCodeUse).where(DiscountCodeUse.order_id == order_id)):
        session.execute(
            update(DiscountCode)
            .where(DiscountCode.id == use.code_id, DiscountCode.used_count > 0)
            .values(used_count=DiscountCode.used_count - 1)
            .execution_options(synchronize_session=False)
        )
        session.delete(use)


# Orders import promotions, so promotions name the orders table rather than its model.
_orders = table(
    "orders",
    column("id", Integer),
    column("shop_id", Integer),
    column("order_number", String),
    column("status", String),
    column("user_id", Integer),
    column("total_price", Money),
    column("created_at", DateTime(timezone=True)),
)


def uses_of(session: Session, shop: Shop, kind: DiscountKind, rule_id: int, limit: int = 100) -> dict:
    """What a rule has saved: the orders that applied it (newest first), and the count and sum
    of those not cancelled."""
    base = (
        select(
            _orders.c.order_number,
            _orders.c.status,
            _orders.c.created_at,
            _orders.c.total_price,
            OrderDiscount.amount,
            User.email,
        )
        .join(_orders, _orders.c.id == OrderDiscount.order_id)
        .join(User, User.id == _orders.c.user_id)
        .where(OrderDiscount.shop_id == shop.id, OrderDiscount.kind == kind, OrderDiscount.rule_id == rule_id)
    )
    rows = session.execute(base.order_by(_orders.c.created_at.desc()).limit(limit)).all()
    count, saved = session.execute(
        select(func.count(), func.coalesce(func.sum(OrderDiscount.amount), 0))
        .join(_orders, _orders.c.id == OrderDiscount.order_id)
        .where(
            OrderDiscount.shop_id == shop.id,
            OrderDiscount.kind == kind,
            OrderDiscount.rule_id == rule_id,
            _orders.c.status != "cancelled",
        )
    ).one()
    return {
        "orders": [
            {
                "order_number": r.order_number,
                "status": r.status,
                "datetime": r.created_at,
                "total_price": r.total_price,
                "amount": r.amount,
                "email": r.email,
            }
            for r in rows
        ],
        "count": count,
        "saved": Decimal(saved).quantize(Decimal("0.01")),
    }
