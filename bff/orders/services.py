"""Placing, listing, cancelling, releasing and shipping orders.

`place_order` runs in one transaction: it recomputes every price (bff/pricing/rules.py), weight
and fee (bff/shipping/rules.py) and the promotions (bff/promotions: 满减, the shopper's code,
free shipping), refuses amounts that differ from what the shopper saw (to the cent, as screens
show them), claims the idempotency key, takes the stock with conditional UPDATEs (never below 0,
whatever the concurrency) and writes each line's stock movement (bff/catalog/stock.py), takes a
use of the code within its limits, writes the order with each line's share of the discounts
and every applied rule, and clears its cart lines. Any refusal rolls it all back: the cart stays.

Idempotency: a repeat of one checkout (double click, retry after a time-out) returns the first
order instead of creating another. The key is the `Idempotency-Key` header when the client sends
one; otherwise a fingerprint of the member and the whole payload, valid for 10 minutes. It is
stored with a unique constraint on (user, key), so concurrent repeats meet in the database: the
second insert waits for the first transaction and then finds its order.
"""

import hashlib
import json
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from bff.accounts.models import User
from bff.addresses.error_codes import AddressErrorCode
from bff.addresses.services import clean_recipient, known_id_numbers
from bff.cart.messages import text as cart_text
from bff.cart.models import line_key
from bff.cart.services import choose_variant, clear_lines
from bff.catalog import stock
from bff.catalog.models import Product, ProductVariant, StockReason
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.common.pagination import Page, paginate
from bff.orders import transitions as history
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.mails import OrderMail, queue_order_mail
from bff.orders.messages import text
from bff.orders.models import OPEN_STATUSES, Order, OrderLine, OrderStatus
from bff.orders.numbers import new_order_number, normalise_order_number
from bff.orders.transitions import OrderAction
from bff.pricing.context import shopper_of
from bff.pricing.rules import quote_for
from bff.promotions import services as promotions
from bff.shipping.rules import (
    ShippingSettings,
    available_methods,
    id_number_required,
    shipping_fee,
    unit_weight,
)
from bff.shops.models import Shop

DISPLAY = Decimal("0.01")  # screens show NZ dollars to the cent
FINGERPRINT_WINDOW_SECONDS = 600
NUMBER_ATTEMPTS = 5


@dataclass
class PricedLine:
    product: Product
    variant: ProductVariant | None
    quantity: int
    unit_price: Decimal
    unit_weight: int


def _display(amount) -> Decimal:
    return Decimal(amount).quantize(DISPLAY, ROUND_HALF_UP)


def _order_query(shop: Shop):
    return (
        select(Order)
        .where(Order.shop_id == shop.id)
        .options(
            selectinload(Order.lines).selectinload(OrderLine.product).selectinload(Product.images),
            selectinload(Order.discounts),
        )
    )


def _merged_items(items: list[dict]) -> dict[tuple[int, int | None], int]:
    merged: dict[tuple[int, int | None], int] = {}
    for item in items:
        key = (item["product_id"], item.get("variant_id"))
        merged[key] = merged.get(key, 0) + item["quantity"]
    return merged


def _price_lines(session: Session, shop: Shop, user: User, items: list[dict]) -> list[PricedLine]:
    merged = _merged_items(items)
    products = {
        p.id: p
        for p in session.scalars(
            select(Product)
            .where(
                Product.shop_id == shop.id,
                # mutation: equivalent because each line's product is picked by id below: this keeps
                # the read to the checkout's products (its speed), not which are found.
                Product.id.in_({pid for pid, _ in merged}),
                Product.listed(utcnow()),
            )
            .options(selectinload(Product.variants))
        )
    }
    shopper = shopper_of(user)
    lines = []
    for (product_id, variant_id), quantity in merged.items():
        product = products.get(product_id)
        if product is None:
            raise DomainError(Code.NOT_FOUND, cart_text(shop.language, "product_not_found"))
        variant = choose_variant(shop, product, variant_id)
        unit = variant or product
        weight = unit_weight(product.weight, variant.weight if variant else None, product.is_free_shipping)
        lines.append(PricedLine(product, variant, quantity, quote_for(unit, shopper).amount, weight))
    return lines


def _promotion_lines(lines: list[PricedLine]) -> list[promotions.CartLine]:
    return [
        promotions.CartLine(
            line.unit_price * line.quantity, line.product.id, line.product.category_id, line.product.brand_id
        )
        for line in lines
    ]


def preview_promotions(session: Session, shop: Shop, user: User, args: dict) -> dict:
    """What the checkout's promotions take off the cart shipped by the chosen method, as the
    order will take it; a code that cannot be used is left out and its reason answered."""
    lines = _price_lines(session, shop, user, args["cartItems"])
    cart = _promotion_lines(lines)
    method = args.get("shipping_type") or ""
    code_error = None
    try:
        promotion = promotions.quote(session, shop, user, cart, method, args.get("code"))
    except DomainError as refused:
        code_error = {"code": str(refused.code), "message": refused.message}
        promotion = promotions.quote(session, shop, user, cart, method)
    threshold = promotion.threshold
    return {
        "subtotal": promotion.subtotal,
        "discounts": promotion.discounts,
        "discount_total": promotion.discount_total,
        "items_total": promotion.items_total,
        "code": promotion.code.code if promotion.code else None,
        "code_error": code_error,
        "free_shipping": promotion.free_shipping is not None,
        "free_shipping_threshold": threshold.threshold if threshold else None,
        "free_shipping_label": promotions.free_shipping_label(shop, threshold) if threshold else None,
    }


def _fingerprint(user: User, args: dict) -> str:
    canonical = json.dumps(
        {"user": user.id, "items": sorted(_merged_items(args["cartItems"]).items(), key=str), **args},
        sort_keys=True,
        default=str,
        ensure_ascii=False,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()[:40]


def _repeat_of(session: Session, shop: Shop, user: User, key: str | None, fingerprint: str) -> Order | None:
    stmt = _order_query(shop).where(Order.user_id == user.id)
    if key is not None:
        return session.scalar(stmt.where(Order.idempotency_key == key))
    since = utcnow() - timedelta(seconds=FINGERPRINT_WINDOW_SECONDS)
    return session.scalar(
        stmt.where(Order.idempotency_key.like(f"d:{fingerprint}:%"), Order.created_at >= since)
        .order_by(Order.id)
        .limit(1)
    )


def place_order(
    session: Session, shop: Shop, user: User, args: dict, idempotency_key: str | None = None
) -> tuple[Order, bool]:
    """Create the order of a checkout, or return the one an identical submission created.

    Returns (order, created).
    """
    key = f"h:{idempotency_key.strip()[:80]}" if idempotency_key and idempotency_key.strip() else None
    fingerprint = _fingerprint(user, args)
    existing = _repeat_of(session, shop, user, key, fingerprint)
    if existing is not None:
        return existing, False

    info = args["shippingInfo"]
    # An address-book recipient arrives with its ID number masked: it stands for the stored one.
    recipient = clean_recipient(shop, info, known_ids=known_id_numbers(session, shop, user))
    settings = ShippingSettings.from_shop(shop)
    methods = available_methods(recipient["shipping_country"], settings)
    if not methods:
        raise DomainError(Code.NO_SHIPPING_METHOD, text(shop.language, "no_shipping_method"))
    method = (info.get("shipping_type") or "").strip() or methods[0]
    if method not in methods:
        message = text(shop.language, "shipping_method_unavailable")
        raise DomainError(Code.SHIPPING_METHOD_UNAVAILABLE, message)

    if id_number_required(method, settings) and not recipient["shipping_id"]:
        message = text(shop.language, "id_number_required")
        raise DomainError(AddressErrorCode.VALIDATION, message, {"shipping_id": [message]})

    lines = _price_lines(session, shop, user, args["cartItems"])
    subtotal = sum((line.unit_price * line.quantity for line in lines), Decimal("0.00"))
    grams = sum(line.unit_weight * line.quantity for line in lines)
    quantity = sum(line.quantity for line in lines)
    full_fee = shipping_fee(
        method,
        grams,
        recipient["shipping_city"],
        recipient["shipping_address"],
        settings,
        recipient["province_code"],
    )
    promotion = promotions.quote(
        session, shop, user, _promotion_lines(lines), method, args.get("discountCode")
    )
    fee = Decimal("0.00") if promotion.free_shipping is not None else full_fee
    discount = promotion.discount_total
    _check_amounts(shop, args, subtotal, fee, grams, quantity, discount)

    bucket = int(time.time()) // FINGERPRINT_WINDOW_SECONDS
    for attempt in range(NUMBER_ATTEMPTS):
        order = Order(
            shop_id=shop.id,
            user_id=user.id,
            # The date in the number is the shop's calendar day, as its shoppers see it.
            order_number=new_order_number(datetime.now(ZoneInfo(shop.time_zone))),
            idempotency_key=key or f"d:{fingerprint}:{bucket}",
            total_amount=subtotal,
            discount_amount=discount,
            shipping_cost=fee,
            total_price=subtotal - discount + fee,
            exchange_rate=shop.shop_exchange_rate,
            total_quantity=quantity,
            total_weight=grams,
            shipping_type=method,
            user_remark=(info.get("user_remark") or "").strip(),
            sender_name=(info.get("sender_name") or "").strip(),
            sender_address=(info.get("sender_address") or "").strip(),
            sender_contact=(info.get("sender_contact") or "").strip(),
            **recipient,
        )
        session.add(order)
        try:
            # Claims the key first: a concurrent repeat waits here, then fails and finds ours.
            session.flush()
        except IntegrityError:
            session.rollback()
            existing = _repeat_of(session, shop, user, key, fingerprint)
            if existing is not None:
                return existing, False
            if attempt == NUMBER_ATTEMPTS - 1:
                raise
            continue  # an order-number clash: draw another
        break

    _take_stock(session, shop, order, lines)
    if promotion.code is not None:
        promotions.claim_code(session, shop, user, promotion.code, order.id)
    promotions.record_discounts(session, shop, order.id, promotion, full_fee - fee)
    for line, share in zip(lines, promotion.shares, strict=True):
        order.lines.append(
            OrderLine(
                shop_id=shop.id,
                product_id=line.product.id,
                variant_id=line.variant.id if line.variant else None,
                product_name=line.product.name,
                variant_name=line.variant.name if line.variant else "",
                final_price=line.unit_price,
                quantity=line.quantity,
                discount_amount=share,
                weight=line.unit_weight,
            )
        )
    clear_lines(
        session, user, [line_key(ln.product.id, ln.variant.id if ln.variant else None) for ln in lines]
    )
    history.add_event(
        session, shop, order.id, OrderAction.PLACE, history.shopper(user), None, OrderStatus.UNPAID
    )
    queue_order_mail(session, shop.id, user.id, order.id, OrderMail.RECEIVED)
    session.commit()
    return get_order(session, shop, user, order.order_number), True


def _check_amounts(
    shop: Shop, args: dict, subtotal: Decimal, fee: Decimal, grams: int, quantity: int, discount: Decimal
) -> None:
    expected = {"totalAmount": subtotal, "shippingCost": fee, "discountAmount": discount}
    errors = {
        name: [f"{value:.2f}"] for name, value in expected.items() if _display(args[name]) != _display(value)
    }
    if args.get("totalWeight") is not None and args["totalWeight"] != grams:
        errors["totalWeight"] = [str(grams)]
    if args.get("totalQuantity") is not None and args["totalQuantity"] != quantity:
        errors["totalQuantity"] = [str(quantity)]
    if errors:
        raise DomainError(Code.PRICES_CHANGED, text(shop.language, "prices_changed"), errors)


def _take_stock(session: Session, shop: Shop, order: Order, lines: list[PricedLine]) -> None:
    """Take the order's units: conditional UPDATEs and a stock movement per line (bff/catalog/stock.py)."""
    by_key = {(ln.product.id, ln.variant.id if ln.variant else None): ln for ln in lines}
    short = stock.take_for_order(
        session, shop.id, order.id, [stock.StockLine(p, v, ln.quantity) for (p, v), ln in by_key.items()]
    )
    if short is not None:
        session.rollback()
        line = by_key[(short.product_id, short.variant_id)]
        name = line.product.name + (f" ({line.variant.name})" if line.variant else "")
        raise DomainError(Code.OUT_OF_STOCK, text(shop.language, "out_of_stock", name=name))


def _return_stock(session: Session, order: Order, reason: StockReason) -> None:
    lines = [stock.StockLine(ln.product_id, ln.variant_id, ln.quantity) for ln in order.lines]
    stock.return_for_order(session, order.shop_id, order.id, lines, reason)


def list_orders(session: Session, shop: Shop, user: User, status: str, page: int, per_page: int) -> Page:
    stmt = _order_query(shop).where(Order.user_id == user.id)
    if status == OrderStatus.UNPAID:
        stmt = stmt.where(Order.status.in_(OPEN_STATUSES))
    elif status != "all":
        stmt = stmt.where(Order.status == status)
    return paginate(session, stmt.order_by(Order.created_at.desc(), Order.id.desc()), page, per_page)


def get_order(session: Session, shop: Shop, user: User, order_number: str) -> Order:
    order = session.scalar(
        _order_query(shop).where(
            Order.user_id == user.id, Order.order_number == normalise_order_number(order_number)
        )
    )
    if order is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "order_not_found"))
    return order


def _cancel(session: Session, shop: Shop, order_id: int, action: OrderAction, actor: history.Actor) -> bool:
    """Cancel an open order and return its stock, exactly once however many try at once (the
    step is a conditional UPDATE, bff/orders/transitions.py)."""
    reason = text(shop.language, "release_reason") if action == OrderAction.RELEASE else ""
    step = history.attempt(
        session,
        shop,
        order_id,
        action,
        actor,
        values={"cancelled_at": utcnow()},
        note=reason,
        expected=set(OPEN_STATUSES),
    )
    if step is None:
        return False
    order = session.scalar(select(Order).where(Order.id == order_id).options(selectinload(Order.lines)))
    stock_reason = StockReason.RELEASE if action == OrderAction.RELEASE else StockReason.CANCEL
    _return_stock(session, order, stock_reason)
    promotions.release_code_uses(session, order_id)
    return True


def cancel_order(session: Session, shop: Shop, user: User, order_id: int) -> Order:
    owned = session.scalar(
        select(Order.order_number).where(
            Order.id == order_id,
            # mutation: equivalent because a member belongs to one shop: all their orders are of it.
            Order.shop_id == shop.id,
            Order.user_id == user.id,
        )
    )
    if owned is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "order_not_found"))
    if not _cancel(session, shop, order_id, OrderAction.CANCEL, history.shopper(user)):
        session.rollback()
        raise DomainError(Code.ORDER_NOT_CANCELLABLE, text(shop.language, "order_not_cancellable"))
    session.commit()
    session.expire_all()
    return get_order(session, shop, user, owned)


def release_unpaid_orders(session: Session, now: datetime | None = None) -> list[str]:
    """Cancel open orders older than their shop's unpaid_order_timeout_minutes; their numbers."""
    now = now or utcnow()
    released = []
    for shop in session.scalars(select(Shop)):
        cutoff = now - timedelta(minutes=shop.unpaid_order_timeout_minutes)
        stale = session.execute(
            select(Order.id, Order.order_number).where(
                Order.shop_id == shop.id,
                # mutation: equivalent because _cancel's step takes only open orders too: this keeps
                # the scan to them (its speed), not which orders are released.
                Order.status.in_(OPEN_STATUSES),
                # The clock restarts when a QR payment claim is rejected (unpaid_since).
                func.coalesce(Order.unpaid_since, Order.created_at) < cutoff,
                # Said to be paid by QR code: the owner confirms or rejects it, never the clock.
                Order.payment_claimed_at.is_(None),
            )
        ).all()
        for order_id, number in stale:
            if _cancel(session, shop, order_id, OrderAction.RELEASE, history.SYSTEM):
                released.append(number)
            session.commit()
    return released


def ship_order(session: Session, order_number: str, company: str, tracking_number: str) -> Order:
    """Mark a paid order shipped (status completed) with its courier and tracking number (the
    operators' command line; the console's is bff/orders/admin_services.py `ship`)."""
    number = normalise_order_number(order_number)
    order = session.scalar(select(Order).where(Order.order_number == number))
    if order is None:
        raise DomainError(Code.ORDER_NOT_SHIPPABLE, f"No paid order {number}.")
    shop = session.get(Shop, order.shop_id)
    company, tracking_number = company.strip(), tracking_number.strip()
    history.apply(
        session,
        shop,
        order.id,
        OrderAction.SHIP,
        history.Actor("system", label="command line"),
        values={"shipping_company": company, "tracking_number": tracking_number, "shipped_at": utcnow()},
        details={"shipping_company": company, "tracking_number": tracking_number},
    )
    session.commit()
    session.refresh(order)
    return order
