"""Payment: starting to pay an unpaid order with one of the shop's providers, verified and
idempotent notifications, settling an order by query when its notification never came, refunds,
and the WeChat sign-in that JSAPI needs.

A notification counts once: it is recorded under a unique (provider, transaction id), and the
order moves with a conditional UPDATE (unpaid or payment_failed -> paid), so replays, including
concurrent ones, change the order at most once.

What a payment charges is fixed when the order's first attempt with a provider starts
(bff/payments/charges.py: NZD as priced, or yuan at the shop's rate then) and kept on the attempt;
a notification or a query result is compared exactly with the charge of its attempt, and refunds
give back in that currency at that rate.
"""

import logging
from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.common.errors import DomainError
from bff.common.models import amount_in_cents, utcnow
from bff.orders import transitions
from bff.orders.models import OPEN_STATUSES, Order, OrderPayment, OrderStatus
from bff.orders.numbers import normalise_order_number
from bff.orders.services import get_order
from bff.orders.transitions import Actor, OrderAction
from bff.payments import wechat_login
from bff.payments.charges import PRICE_CURRENCY, Charge, refund_amount
from bff.payments.error_codes import NotificationErrorCode, PaymentErrorCode
from bff.payments.messages import text
from bff.payments.models import PaymentAttempt, PaymentNotification
from bff.payments.provider_configs import enabled_configs
from bff.payments.providers import real_providers, shop_providers
from bff.payments.providers.base import (
    BadNotification,
    NotAPayment,
    PaymentContext,
    PaymentEvent,
    PaymentProvider,
    PaymentStart,
    ProviderError,
    RefundResult,
)
from bff.payments.providers.sandbox import SandboxProvider
from bff.payments.providers.wechat_pay import WechatLoginRequired
from bff.shops.models import Shop
from bff.wechat.models import WechatOpenid

log = logging.getLogger(__name__)
DUPLICATE_PAYMENT = "duplicate_payment"
# A payment on a cancelled order, held on it for the owner to refund or revive (issue 22 item 3).
HELD_ON_CANCELLED = "held_on_cancelled"
PAID_RESULTS = ("applied", HELD_ON_CANCELLED)  # payments that are on their order (refundable)
CENT = Decimal("0.01")


def offered_providers(shop: Shop, providers: dict[str, PaymentProvider]) -> list[str]:
    """The providers the storefront offers the shop's shoppers (none: the manual QR payment)."""
    return list(providers) if shop.is_direct_payment_enabled else []


def create_payment(
    session: Session,
    shop: Shop,
    user: User,
    providers: dict[str, PaymentProvider],
    provider_name: str | None,
    order_number: str,
    total_price,
    context: PaymentContext,
) -> PaymentStart:
    """Start paying an unpaid order of `user` with one of the shop's providers (the first when
    `provider_name` is None): a page, a QR code or WeChat's in-app payment."""
    if not shop.is_direct_payment_enabled:
        message = text(shop.language, "direct_payment_disabled")
        raise DomainError(PaymentErrorCode.DIRECT_PAYMENT_DISABLED, message)
    if not providers:
        raise DomainError(PaymentErrorCode.PAYMENT_UNAVAILABLE, text(shop.language, "payment_unavailable"))
    provider = providers.get(provider_name or next(iter(providers)))
    if provider is None:
        raise DomainError(PaymentErrorCode.PROVIDER_UNAVAILABLE, text(shop.language, "provider_unavailable"))
    order = get_order(session, shop, user, order_number)
    if order.status not in OPEN_STATUSES:
        raise DomainError(PaymentErrorCode.ORDER_NOT_PAYABLE, text(shop.language, "order_not_payable"))
    if amount_in_cents(total_price) != order.total_price:
        raise DomainError(PaymentErrorCode.AMOUNT_MISMATCH, text(shop.language, "amount_mismatch"))
    context = replace(context, expires_at=release_time(shop, order))
    appid = getattr(provider, "appid", None)
    if appid and context.device == "wechat" and not context.openid:
        context = replace(context, openid=openid_of(session, shop, user, appid))
    try:
        charge = _charge_to_start(session, shop, order, provider)
        start = provider.create_payment(shop, order, context, charge)
    except WechatLoginRequired as exc:
        message = text(shop.language, "wechat_login_required")
        raise DomainError(PaymentErrorCode.WECHAT_LOGIN_REQUIRED, message) from exc
    except (ProviderError, ValueError) as exc:  # ValueError: the shop's rate cannot convert
        log.warning("payment: %s refused to start order %s: %s", provider.name, order.order_number, exc)
        raise DomainError(PaymentErrorCode.PROVIDER_FAILED, text(shop.language, "provider_failed")) from exc
    if start.reference:
        _remember_attempt(session, shop, order, provider.name, start.reference, charge)
    return replace(start, charge=charge)


def release_time(shop: Shop, order: Order) -> datetime:
    """When the unpaid order is released (bff/orders/services.py release_unpaid_orders): the
    trades of its payments expire then, so no provider takes money for a released order."""
    return order.unpaid_clock_start + timedelta(minutes=shop.unpaid_order_timeout_minutes)


def _fixed_charge(session: Session, order: Order, provider: str) -> Charge | None:
    """The charge of the order's latest attempt with `provider`, if one was made."""
    row = session.execute(
        select(PaymentAttempt.charged_amount, PaymentAttempt.charged_currency, PaymentAttempt.exchange_rate)
        .where(
            PaymentAttempt.order_id == order.id,
            PaymentAttempt.provider == provider,
            PaymentAttempt.charged_amount.is_not(None),
        )
        .order_by(PaymentAttempt.id.desc())
        .limit(1)
    ).first()
    return Charge(row[0], row[1], row[2]) if row else None


def _charge_to_start(session: Session, shop: Shop, order: Order, provider: PaymentProvider) -> Charge:
    """The charge of an earlier attempt with the provider (a second way of paying, the page
    opened again), so the rate a shopper was shown holds; else the provider's quote now."""
    quote = provider.quote(shop, order)
    fixed = _fixed_charge(session, order, provider.name)
    return fixed if fixed is not None and fixed.currency == quote.currency else quote


def quote_payment(
    session: Session, shop: Shop, user: User, providers: dict[str, PaymentProvider], order_number: str
) -> dict[str, Charge]:
    """What paying the member's order with each of the shop's providers charges (the pay page
    shows the yuan before the shopper chooses)."""
    order = get_order(session, shop, user, order_number)
    charges = {}
    for name, provider in providers.items():
        try:
            charges[name] = _charge_to_start(session, shop, order, provider)
        except ValueError as exc:
            log.warning("payment: %s cannot quote order %s: %s", name, order.order_number, exc)
    return charges


def _remember_attempt(
    session: Session, shop: Shop, order: Order, provider: str, reference: str, charge: Charge
) -> None:
    known = session.scalar(
        select(PaymentAttempt).where(
            PaymentAttempt.provider == provider, PaymentAttempt.reference == reference
        )
    )
    if known is not None:
        if (known.charged_amount, known.charged_currency) != (charge.amount, charge.currency):
            # The owner changed the account's kind (or the attempt predates kept charges): the
            # provider was just sent this charge under the reference, the old one cannot be paid.
            known.charged_amount, known.charged_currency = charge.amount, charge.currency
            known.exchange_rate = charge.rate
            session.commit()
        return
    session.add(
        PaymentAttempt(
            shop_id=shop.id,
            order_id=order.id,
            provider=provider,
            reference=reference,
            charged_amount=charge.amount,
            charged_currency=charge.currency,
            exchange_rate=charge.rate,
        )
    )
    try:
        session.commit()
    except IntegrityError:
        session.rollback()  # the same attempt, recorded by a concurrent request


def openid_of(session: Session, shop: Shop, user: User, appid: str) -> str | None:
    """The member's openid for the official account `appid` (WeChat sign-in keeps it)."""
    return session.scalar(
        select(WechatOpenid.openid).where(
            WechatOpenid.shop_id == shop.id, WechatOpenid.user_id == user.id, WechatOpenid.appid == appid
        )
    )


def receive_notification(
    session: Session, shop: Shop, provider: PaymentProvider, body: bytes, headers
) -> tuple[bool, str]:
    """Verify and apply one notification for `shop`. Returns (applied, result)."""
    try:
        event = provider.parse_notification(body, headers)
    except NotAPayment as exc:
        log.info("payment: %s notification for shop %s pays nothing: %s", provider.name, shop.id, exc)
        return False, "not_a_payment"
    except BadNotification as exc:
        message = "The notification could not be verified."
        raise DomainError(NotificationErrorCode.BAD_SIGNATURE, message) from exc
    # Whatever the provider: NaN, Infinity, -0, a huge exponent or a negative amount is refused
    # before anything is recorded or applied.
    if amount_in_cents(event.amount) is None:
        message = "The notification's amount is not an amount."
        raise DomainError(NotificationErrorCode.INVALID_AMOUNT, message)
    applied, result = apply_event(session, shop, event, body)
    return applied, result


def apply_event(session: Session, shop: Shop, event: PaymentEvent, body: bytes) -> tuple[bool, str]:
    order = session.scalar(
        select(Order).where(Order.shop_id == shop.id, Order.order_number == event.order_number)
    )
    if order is None:
        raise DomainError(NotificationErrorCode.NOT_FOUND, "Order not found")
    expected = _expected_charge(session, shop, order, event)
    # Compared exactly, never rounded or converted again: 55.001 for an order of 55.00 is
    # refused, and so is ¥247.51 for an attempt that charges ¥247.50.
    if event.amount != expected.amount or (event.currency or expected.currency) != expected.currency:
        raise DomainError(NotificationErrorCode.AMOUNT_MISMATCH, text(shop.language, "amount_mismatch"))
    paid = order.total_price  # what the charge pays, in the prices' currency
    record = PaymentNotification(
        shop_id=shop.id,
        provider=event.provider,
        transaction_id=event.transaction_id,
        order_id=order.id,
        outcome=event.outcome,
        amount=paid,
        charged_amount=event.amount,
        charged_currency=expected.currency,
        # mutation: equivalent because the result is set again below before the one commit: no
        # other transaction ever reads "pending".
        result="pending",
        # mutation: equivalent because codec names are read case-insensitively ("UTF-8").
        raw_body=body.decode("utf-8", "replace"),
    )
    session.add(record)
    try:
        session.flush()  # a concurrent replay waits here, then fails: it was already handled
    except IntegrityError:
        session.rollback()
        return False, "duplicate"
    # The order's step (bff/orders/transitions.py) queues the shopper's paid mail with it.
    paid_now = event.outcome == "paid"
    details = {"transaction_id": event.transaction_id, "amount": paid}
    if expected.currency != PRICE_CURRENCY:
        details["charged"] = f"{event.amount:.2f} {expected.currency}"
    step = transitions.attempt(
        session,
        shop,
        order.id,
        OrderAction.MARK_PAID if paid_now else OrderAction.PAYMENT_FAILED,
        Actor("provider", label=event.provider),
        values=(
            {
                "paid_at": utcnow(),
                "paid_amount": Order.paid_amount + paid.quantize(CENT),
                "payment_method": event.provider[:20],
            }
            if paid_now
            else {}
        ),
        details=details,
    )
    moved = step is not None
    held = None
    if not moved and paid_now:
        held = _hold_on_cancelled(session, shop, order, event, details, paid)
    if (moved and paid_now) or held is not None:
        session.add(
            OrderPayment(
                shop_id=shop.id,
                order_id=order.id,
                method=event.provider[:20],
                amount=paid.quantize(CENT),
                # mutation: equivalent because every provider's event cuts its transaction id to 128
                # (the notification's column, written whole above).
                reference=event.transaction_id[:128],
            )
        )
    if held is not None:
        record.result = HELD_ON_CANCELLED
    else:
        record.result = "applied" if moved else _not_applied(session, order.id, event.outcome)
    session.commit()
    return bool(moved), record.result


def _hold_on_cancelled(session: Session, shop: Shop, order: Order, event: PaymentEvent, details, paid):
    """A payment that lands on a cancelled order (a trade that could not be closed in time, a page
    paid in the last second) is money the shop holds: recorded on the order, which stays
    cancelled, with a history row. The owner sees it on the order's page and on the dashboard
    (cancelled orders still holding money) and refunds it, or revives the order
    (bff/orders/admin_services.py `revive`). None when the order is not cancelled."""
    return transitions.attempt(
        session,
        shop,
        order.id,
        OrderAction.PAYMENT_AFTER_CANCEL,
        Actor("provider", label=event.provider),
        values={
            "paid_amount": Order.paid_amount + paid.quantize(CENT),
            "payment_method": event.provider[:20],
        },
        details=details,
        expected={OrderStatus.CANCELLED},
    )


def _expected_charge(session: Session, shop: Shop, order: Order, event: PaymentEvent) -> Charge:
    """The charge of the attempt the event reports on, the BFF having started it with this
    provider for this order and kept what it charged; the sandbox (whose notification carries the
    amount our own signed page token named) is compared with the order's total. Anything else is
    refused: a notification is never measured in its own currency (issue 28)."""
    if event.provider == "sandbox":
        return Charge(order.total_price, event.currency or PRICE_CURRENCY)
    attempt = None
    if event.reference:
        attempt = session.scalar(
            select(PaymentAttempt).where(
                # mutation: equivalent because (provider, reference) is unique across shops and the
                # attempt must be of this order (below), which is this shop's.
                PaymentAttempt.shop_id == shop.id,
                PaymentAttempt.provider == event.provider,
                PaymentAttempt.reference == event.reference,
            )
        )
    if attempt is None or attempt.order_id != order.id or attempt.charged_amount is None:
        log.warning("payment: %s notification for %s names no attempt of ours", event.provider, order.id)
        raise DomainError(NotificationErrorCode.NOT_FOUND, "No payment of this order was started so.")
    # mutation: equivalent because apply_event reads only the expected charge's amount and currency.
    return Charge(attempt.charged_amount, attempt.charged_currency, attempt.exchange_rate)


def _not_applied(session: Session, order_id: int, outcome: str) -> str:
    # The status as it is now (another transaction may have just paid it), not as first read.
    status = session.scalar(select(Order.status).where(Order.id == order_id))
    if outcome == "paid" and status in (OrderStatus.PAID, OrderStatus.COMPLETED):
        # A second transaction paid an order already paid: money to give back, kept for review.
        return DUPLICATE_PAYMENT
    return f"ignored_{status}"


def settle_order(session: Session, shop: Shop, providers: dict[str, PaymentProvider], order: Order) -> str:
    """Ask the shop's providers about an open order whose notification may never have come, and
    apply what they say like a notification. Only attempts made are asked about, newest first.
    Returns the order's status afterwards."""
    attempts = session.execute(
        select(PaymentAttempt.provider, PaymentAttempt.reference)
        .where(PaymentAttempt.order_id == order.id)
        .order_by(PaymentAttempt.id.desc())
    ).all()
    for name, reference in attempts:
        provider = providers.get(name)
        if provider is None or order.status not in OPEN_STATUSES:
            continue
        try:
            event = provider.query(order, reference)
        except ProviderError as exc:
            log.warning("payment: %s query of order %s failed: %s", provider.name, order.order_number, exc)
            continue
        if event is None or amount_in_cents(event.amount) is None:
            continue
        try:
            apply_event(session, shop, event, f"query {provider.name}".encode())
        except DomainError as exc:
            log.warning("payment: %s answered for order %s: %s", provider.name, order.order_number, exc.code)
        session.refresh(order)
    return order.status


def settle_payment(
    session: Session, shop: Shop, user: User, providers: dict[str, PaymentProvider], order_number: str
) -> Order:
    """The return page's check: the member's order, settled with the providers when still open."""
    order = get_order(session, shop, user, order_number)
    if order.status in OPEN_STATUSES:
        settle_order(session, shop, providers, order)
    return order


def settle_open_orders(session: Session, providers_of) -> list[str]:
    """The sweep (before unpaid orders are released): every open order of every shop with a real
    provider is settled by query. `providers_of(shop)` gives a shop's providers. Paid numbers."""
    paid = []
    for shop in session.scalars(select(Shop)):
        providers = providers_of(shop)
        if not providers:
            continue
        attempted = select(PaymentAttempt.order_id).where(PaymentAttempt.shop_id == shop.id)
        open_orders = session.scalars(
            select(Order).where(
                Order.shop_id == shop.id, Order.status.in_(OPEN_STATUSES), Order.id.in_(attempted)
            )
        ).all()
        for order in open_orders:
            if settle_order(session, shop, providers, order) == OrderStatus.PAID:
                paid.append(order.order_number)
    return paid


# Closing the trades of an order that is released or cancelled unpaid -------------------------


def close_open_trades(
    session: Session, shop: Shop, providers: dict[str, PaymentProvider], order: Order
) -> bool:
    """Close every trade the order's payment attempts opened at their providers (WeChat Pay's
    close, alipay.trade.close), before the order is released or cancelled and its stock goes
    back, so that no page or QR code can still take money for it. A trade found paid meanwhile is
    applied instead (the order is then paid, not released). Returns whether every trade is closed
    (False: a provider could not be asked; a payment that still lands is recorded for the owner to
    refund or revive, `held_on_cancelled`)."""
    attempts = session.execute(
        select(PaymentAttempt.provider, PaymentAttempt.reference)
        .where(PaymentAttempt.order_id == order.id)
        .order_by(PaymentAttempt.id.desc())
    ).all()
    closed = True
    for name, reference in attempts:
        provider = providers.get(name)
        close = getattr(provider, "close", None)
        if close is None:
            continue
        try:
            paid = close(order, reference)
        except ProviderError as exc:
            log.warning("payment: %s could not close %s of %s: %s", name, reference, order.order_number, exc)
            closed = False
            continue
        if paid is not None and amount_in_cents(paid.amount) is not None:
            try:
                apply_event(session, shop, paid, f"close {name}".encode())
            except DomainError as exc:
                log.warning("payment: %s answered for order %s: %s", name, order.order_number, exc.code)
            session.refresh(order)
    return closed


def close_stale_trades(session: Session, providers_of=None, now: datetime | None = None) -> list[str]:
    """Before the release (bff/orders/release.py): the open orders past their shop's unpaid-order
    time-out that have payment attempts get their trades closed. Their numbers."""
    now = now or utcnow()
    providers_of = providers_of or (lambda shop: shop_providers(session, shop))
    done = []
    for shop in session.scalars(select(Shop)):
        cutoff = now - timedelta(minutes=shop.unpaid_order_timeout_minutes)
        attempted = select(PaymentAttempt.order_id).where(PaymentAttempt.shop_id == shop.id)
        stale = session.scalars(
            select(Order).where(
                Order.shop_id == shop.id,
                Order.status.in_(OPEN_STATUSES),
                func.coalesce(Order.unpaid_since, Order.created_at) < cutoff,
                Order.id.in_(attempted),
            )
        ).all()
        if not stale:
            continue
        providers = providers_of(shop)
        for order in stale:
            close_open_trades(session, shop, providers, order)
            done.append(order.order_number)
    return done


def _close_trades_where(session: Session, shop: Shop, *conditions) -> None:
    order = session.scalar(
        select(Order).where(Order.shop_id == shop.id, Order.status.in_(OPEN_STATUSES), *conditions)
    )
    if order is None:
        return
    attempted = select(PaymentAttempt.id).where(PaymentAttempt.order_id == order.id).limit(1)
    if session.scalar(attempted):
        close_open_trades(session, shop, shop_providers(session, shop), order)


def close_trades_of(session: Session, shop: Shop, user: User, order_id: int) -> None:
    """Before the member cancels their open order (bff/orders/routes.py): its trades closed."""
    _close_trades_where(session, shop, Order.id == order_id, Order.user_id == user.id)


def close_trades_of_number(session: Session, shop: Shop, order_number: str) -> None:
    """Before the owner cancels an open order (bff/payments/admin_refund_routes.py): its trades
    closed, as the shopper's cancel does; a trade found paid meanwhile pays the order, which the
    owner then cancels and refunds like any paid one."""
    _close_trades_where(session, shop, Order.order_number == normalise_order_number(order_number))


# Keys and the console's test connection ------------------------------------------------------


def refresh_all_certificates(session: Session) -> list[tuple[Shop, list[str], str | None]]:
    """Every shop's WeChat Pay certificates downloaded (the scheduled command): (shop, serials,
    error) each."""
    results = []
    for shop in session.scalars(select(Shop)):
        provider = real_providers(session, shop).get("wechat_pay")
        if provider is None:
            continue
        try:
            results.append((shop, provider.refresh_certificates(), None))
        except ProviderError as exc:
            results.append((shop, [], str(exc)))
    return results


def check_connection(session: Session, shop: Shop, kind: str) -> str | None:
    """One authenticated read-only call with the shop's saved account: WeChat Pay's certificate
    download (the keys are then held), Alipay's query of a made-up order. None when it answered
    as it should; else the provider's error, for the console to explain."""
    provider = real_providers(session, shop, include_disabled=True).get(kind)
    if provider is None:
        return "not_configured"
    try:
        if kind == "wechat_pay":
            provider.refresh_certificates()
        else:
            provider.query(None, "TEST_CONNECTION_0000")
    except ProviderError as exc:
        log.info("payment: test connection of %s for shop %s failed: %s", kind, shop.id, exc)
        return str(exc)
    return None


# The sandbox's own payment page -----------------------------------------------------------


def _sandbox_payment(session: Session, provider: SandboxProvider, token: str) -> tuple[Shop, dict]:
    data = provider.read_page_token(token)
    shop = session.get(Shop, data["s"]) if data else None
    # A shop with a real provider has no sandbox (a token made before it got one included).
    if shop is None or enabled_configs(session, shop):
        raise DomainError(PaymentErrorCode.NOT_FOUND, "Not found")
    return shop, data


def sandbox_page(session: Session, provider: SandboxProvider, token: str) -> str:
    """The HTML of the sandbox's payment page of a page token."""
    shop, data = _sandbox_payment(session, provider, token)
    order = session.scalar(select(Order).where(Order.shop_id == shop.id, Order.order_number == data["o"]))
    rate = order.exchange_rate if order is not None else shop.shop_exchange_rate  # the order's own rate
    return provider.payment_page(shop.shop_name, data["o"], data["a"], language=shop.language, rate=rate)


def pay_on_sandbox(session: Session, provider: SandboxProvider, token: str, outcome: str) -> str:
    """Pay or fail on the sandbox page: its signed notification goes through the verifier like a
    real provider's. Returns the order summary page to go back to, on the shopper's origin."""
    shop, data = _sandbox_payment(session, provider, token)
    body, headers = provider.build_notification(data["o"], data["a"], outcome)
    receive_notification(session, shop, provider, body, headers)
    origin = data.get("r") or shop.site_url.rstrip("/")
    return f"{origin}/order-summary/{data['o']}"


# WeChat sign-in for JSAPI -------------------------------------------------------------------


def _wechat(shop: Shop, providers: dict[str, PaymentProvider]):
    provider = providers.get("wechat_pay")
    if provider is None or not getattr(provider, "app_secret", None):
        message = text(shop.language, "wechat_login_unavailable")
        raise DomainError(PaymentErrorCode.WECHAT_LOGIN_UNAVAILABLE, message)
    return provider


def start_wechat_login(
    session: Session,
    shop: Shop,
    user: User,
    providers: dict[str, PaymentProvider],
    order_number: str,
    origin: str,
    secret: str,
    oauth_base: str,
) -> str:
    """The URL of WeChat's silent sign-in, coming back to /wechat-callback to pay `order_number`."""
    provider = _wechat(shop, providers)
    order = get_order(session, shop, user, order_number)
    state = wechat_login.make_state(secret, shop.id, user.id, order.order_number)
    back = f"{origin}/wechat-callback?order={order.order_number}"
    return wechat_login.authorize_url(oauth_base, provider.appid, back, state)


def finish_wechat_login(
    session: Session,
    shop: Shop,
    user: User,
    providers: dict[str, PaymentProvider],
    order_number: str,
    code: str,
    state: str,
    secret: str,
    api_base: str,
) -> str:
    """Check the state, exchange the code for the openid and keep it on the member."""
    provider = _wechat(shop, providers)
    order = get_order(session, shop, user, order_number)
    if not wechat_login.state_ok(secret, state, shop.id, user.id, order.order_number):
        raise DomainError(PaymentErrorCode.WECHAT_STATE_INVALID, text(shop.language, "wechat_state_invalid"))
    try:
        openid = wechat_login.openid_for_code(api_base, provider.appid, provider.app_secret, code)
    except ProviderError as exc:
        log.warning("payment: WeChat sign-in failed for shop %s: %s", shop.id, exc)
        raise DomainError(PaymentErrorCode.PROVIDER_FAILED, text(shop.language, "provider_failed")) from exc
    known = session.scalar(
        select(WechatOpenid).where(WechatOpenid.user_id == user.id, WechatOpenid.appid == provider.appid)
    )
    if known is None:
        session.add(WechatOpenid(shop_id=shop.id, user_id=user.id, appid=provider.appid, openid=openid))
    else:
        known.openid = openid
    session.commit()
    return order.order_number


# Refunds (the console's refund records live with the console's code) ---------------------------


def _charge_of(session: Session, order: Order, paid: PaymentNotification) -> Charge:
    """What the payment `paid` charged, with the rate of its attempt (the rate is fixed per order
    and provider, so any of its attempts in that currency has it)."""
    if paid.charged_currency is None or paid.charged_currency == PRICE_CURRENCY:
        return Charge(paid.amount, PRICE_CURRENCY)
    rate = session.scalar(
        select(PaymentAttempt.exchange_rate)
        .where(
            PaymentAttempt.order_id == order.id,
            PaymentAttempt.provider == paid.provider,
            PaymentAttempt.charged_currency == paid.charged_currency,
            PaymentAttempt.charged_amount == paid.charged_amount,
        )
        .order_by(PaymentAttempt.id.desc())
        .limit(1)
    )
    return Charge(paid.charged_amount, paid.charged_currency, rate)


def refund_payment(
    session: Session,
    shop: Shop,
    providers: dict[str, PaymentProvider],
    order: Order,
    amount: Decimal,
    refund_number: str,
    reason: str = "",
    refunded_before: Decimal = Decimal("0.00"),
    transaction_id: str | None = None,
) -> RefundResult:
    """Give back `amount` (NZD) of the payment applied to `order` (the one of `transaction_id`
    when given: an order may hold a payment that landed after its cancellation), through the
    provider that took it, in the currency it charged (yuan at the rate it was converted with;
    `refunded_before` NZD of it given back already). `refund_number` is the caller's own id of
    the refund: repeating it never refunds twice. The result says what was asked back, in the
    charge's currency."""
    paid = session.scalar(
        select(PaymentNotification)
        .where(
            PaymentNotification.shop_id == shop.id,
            PaymentNotification.order_id == order.id,
            PaymentNotification.outcome == "paid",
            PaymentNotification.result.in_(PAID_RESULTS),
            *([PaymentNotification.transaction_id == transaction_id] if transaction_id else []),
        )
        .order_by(PaymentNotification.id)
        .limit(1)
    )
    if paid is None or paid.provider not in providers:
        raise DomainError(PaymentErrorCode.NOT_FOUND, text(shop.language, "payment_not_found"))
    if amount_in_cents(amount) is None or amount <= 0 or refunded_before + amount > paid.amount:
        raise DomainError(PaymentErrorCode.AMOUNT_MISMATCH, text(shop.language, "amount_mismatch"))
    charge = _charge_of(session, order, paid)
    if charge.currency != PRICE_CURRENCY and charge.rate is None:  # no attempt tells the rate
        raise DomainError(PaymentErrorCode.NOT_FOUND, text(shop.language, "payment_not_found"))
    back = refund_amount(charge, paid.amount, refunded_before, amount)
    if back <= 0:  # less than a fen at the rate
        raise DomainError(PaymentErrorCode.AMOUNT_MISMATCH, text(shop.language, "amount_mismatch"))
    try:
        provider = providers[paid.provider]
        result = provider.refund(order, paid.transaction_id, refund_number, back, reason, charge=charge)
        return replace(result, amount=back, currency=charge.currency)
    except ProviderError as exc:
        log.warning("payment: %s refund of order %s failed: %s", paid.provider, order.order_number, exc)
        raise DomainError(PaymentErrorCode.PROVIDER_FAILED, text(shop.language, "provider_failed")) from exc
