"""The owner's day (issue 25, item 3): what was sold today, yesterday, this week and this month,
in NZ$ and yuan; how many orders wait to be shipped, for the payment to be confirmed, hold
money to give back, or have a refund stuck at the provider (WeChat Pay's ABNORMAL) to finish by
hand; what is low on stock; and the same in a mail to the owner every morning.

Calendar: the shop's own time zone (`shops.time_zone`, Pacific/Auckland for a New Zealand shop,
with its daylight saving): a day runs from local midnight to midnight, a week from Monday, a month
from its first day. The periods end now (so far today, this week, this month).

Sales: orders paid (status paid or shipped) count on the day they were paid (`paid_at`), at the
money kept (paid less refunded); the yuan of each order at the order's own exchange rate, to the
jiao, summed. Cancelled orders never count, even those still holding money (they are listed as
money to refund instead); unpaid ones neither.

The daily mail: the scheduler that releases unpaid orders (bff/orders/release.py: the embedded
loop, or `flask release-unpaid-orders` under docker-compose) calls `queue_daily_reports` each
round. From REPORT_HOUR of a shop's day, the first round to insert the shop's `daily_reports` row
for that day queues the mail to each of its admins through the outbox in the same transaction; the
row's unique (shop, day) makes any other replica's insert fail (and roll back), so a day's mail is
queued once however many run. Its figures are composed when it is sent (bff/accounts/outbox.py).
"""

import logging
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import exists, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts import outbox
from bff.accounts.models import User
from bff.catalog.models import Product, ProductVariant
from bff.common.models import as_utc, utcnow
from bff.orders.messages import text
from bff.orders.models import OPEN_STATUSES, DailyReport, Order, OrderStatus, has_abnormal_refund
from bff.pricing.rules import yuan
from bff.shops.models import Shop

log = logging.getLogger(__name__)

COUNTED = (OrderStatus.PAID, OrderStatus.COMPLETED)
PERIODS = ("today", "yesterday", "week", "month")
REPORT_HOUR = 7  # the mail goes from 07:00 of the shop's day
REPORT_KIND = "daily_report"
LOW_STOCK_LISTED = 50


def _start(day: date, zone: ZoneInfo) -> datetime:
    """Local midnight of `day`, in UTC (as stored: SQLite compares times as text)."""
    return datetime.combine(day, time.min, tzinfo=zone).astimezone(UTC)


def periods(shop: Shop, now: datetime) -> dict[str, tuple[datetime, datetime]]:
    """Each period's [start, end) in UTC, on the shop's calendar."""
    zone = ZoneInfo(shop.time_zone)
    today = as_utc(now).astimezone(zone).date()
    tomorrow = today + timedelta(days=1)
    return {
        "today": (_start(today, zone), _start(tomorrow, zone)),
        "yesterday": (_start(today - timedelta(days=1), zone), _start(today, zone)),
        "week": (_start(today - timedelta(days=today.weekday()), zone), _start(tomorrow, zone)),
        "month": (_start(today.replace(day=1), zone), _start(tomorrow, zone)),
    }


@dataclass
class Sales:
    orders: int = 0
    nzd: Decimal = field(default_factory=lambda: Decimal("0.00"))
    cny: Decimal = field(default_factory=lambda: Decimal("0.0"))


def sales(session: Session, shop: Shop, now: datetime) -> dict[str, Sales]:
    """Money kept from the orders paid in each period (see the module's note)."""
    spans = periods(shop, now)
    earliest = min(start for start, _ in spans.values())
    latest = max(end for _, end in spans.values())
    rows = session.execute(
        select(Order.paid_at, Order.paid_amount, Order.refunded_amount, Order.exchange_rate).where(
            Order.shop_id == shop.id,
            Order.status.in_(COUNTED),
            Order.paid_at >= earliest,
            Order.paid_at < latest,
        )
    ).all()
    totals = {name: Sales() for name in PERIODS}
    for paid_at, paid, refunded, rate in rows:
        at = as_utc(paid_at)
        kept = (paid or Decimal(0)) - (refunded or Decimal(0))
        for name, (start, end) in spans.items():
            if start <= at < end:
                totals[name].orders += 1
                totals[name].nzd += kept
                totals[name].cny += yuan(kept, rate)
    return totals


def counts(session: Session, shop: Shop) -> dict[str, int]:
    """The orders that ask for the owner: to ship, a QR payment to confirm, money to refund, and
    refunds to finish by hand (an order with one or more refunds stuck at the provider counts once:
    bff/orders/models.py `has_abnormal_refund`)."""

    def count(*criteria) -> int:
        return session.scalar(select(func.count(Order.id)).where(Order.shop_id == shop.id, *criteria)) or 0

    return {
        "to_ship": count(Order.status == OrderStatus.PAID),
        "awaiting_confirmation": count(
            Order.status.in_(OPEN_STATUSES), Order.payment_claimed_at.is_not(None)
        ),
        "money_to_refund": count(
            Order.status == OrderStatus.CANCELLED, Order.paid_amount > Order.refunded_amount
        ),
        "refunds_to_handle": count(has_abnormal_refund(shop.id)),
    }


def low_stock(session: Session, shop: Shop, limit: int = LOW_STOCK_LISTED) -> list[dict]:
    """Stock rows (variants, and products without variants) at or below the shop's threshold,
    fewest first: hidden products too (the owner restocks before showing them again)."""
    threshold = shop.low_stock_threshold
    variants = session.execute(
        select(
            Product.id, Product.name, ProductVariant.id, ProductVariant.name, ProductVariant.virtual_inventory
        )
        .join(ProductVariant, ProductVariant.product_id == Product.id)
        .where(Product.shop_id == shop.id, ProductVariant.virtual_inventory <= threshold)
        .order_by(ProductVariant.virtual_inventory, Product.name, ProductVariant.id)
        .limit(limit)
    ).all()
    products = session.execute(
        select(Product.id, Product.name, Product.virtual_inventory)
        .where(
            Product.shop_id == shop.id,
            Product.virtual_inventory <= threshold,
            ~exists().where(ProductVariant.product_id == Product.id),
        )
        .order_by(Product.virtual_inventory, Product.name, Product.id)
        .limit(limit)
    ).all()
    rows = [
        {"product_id": pid, "name": name, "variant_id": vid, "variant_name": vname, "stock": units}
        for pid, name, vid, vname, units in variants
    ] + [
        {"product_id": pid, "name": name, "variant_id": None, "variant_name": "", "stock": units}
        for pid, name, units in products
    ]
    return sorted(rows, key=lambda row: (row["stock"], row["name"]))[:limit]


def today(session: Session, shop: Shop, now: datetime | None = None) -> dict:
    """The dashboard's figures for today (the API's `today`)."""
    now = now or utcnow()
    local = as_utc(now).astimezone(ZoneInfo(shop.time_zone))
    return {
        "date": local.date(),
        "time_zone": shop.time_zone,
        "sales": {name: vars(figures) for name, figures in sales(session, shop, now).items()},
        "counts": counts(session, shop),
        "low_stock_threshold": shop.low_stock_threshold,
    }


# The daily mail ------------------------------------------------------------------------------


def _claimed(session: Session, shop_id: int, day: date) -> bool:
    """Whether the day's mail is queued already (a shortcut: the unique row decides)."""
    found = select(DailyReport.id).where(DailyReport.shop_id == shop_id, DailyReport.day == day)
    return session.scalar(found) is not None


def queue_daily_reports(session: Session, now: datetime | None = None) -> list[int]:
    """Queue today's mail of every shop that is due one and has none yet; the shops' ids."""
    now = now or utcnow()
    queued = []
    for shop in session.scalars(select(Shop).where(Shop.daily_report_enabled.is_(True)).order_by(Shop.id)):
        local = as_utc(now).astimezone(ZoneInfo(shop.time_zone))
        if local.hour < REPORT_HOUR:
            continue
        day = local.date()
        if _claimed(session, shop.id, day):
            continue
        admins = list(
            session.scalars(
                select(User.id).where(
                    User.shop_id == shop.id, User.is_admin.is_(True), User.deleted_at.is_(None)
                )
            )
        )
        try:
            session.add(DailyReport(shop_id=shop.id, day=day, recipients=len(admins)))
            session.flush()  # another replica's row for the day makes this fail: it sends
            for user_id in admins:
                outbox.enqueue(
                    session, shop_id=shop.id, user_id=user_id, kind=REPORT_KIND, at=as_utc(now).isoformat()
                )
            session.commit()
        except IntegrityError:
            session.rollback()
            continue
        queued.append(shop.id)
    return queued


def _nzd(amount: Decimal) -> str:
    return f"NZ${amount.quantize(Decimal('0.01')):,}"


def compose_report(session: Session, shop: Shop, now: datetime) -> tuple[str, str]:
    """The mail's subject and text, in the shop's language, with the figures as of `now`."""
    lang = shop.language
    figures = today(session, shop, now)
    base = shop.site_url.rstrip("/")
    lines = [text(lang, "report_intro", date=figures["date"].isoformat(), zone=shop.time_zone), ""]
    for name in PERIODS:
        got = figures["sales"][name]
        lines.append(
            text(lang, f"report_{name}", nzd=_nzd(got["nzd"]), cny=f"¥{got['cny']:,}", n=got["orders"])
        )
    lines.append("")
    links = {
        "to_ship": "/admin/orders?status=paid",
        "awaiting_confirmation": "/admin/orders?claimed=1",
        "money_to_refund": "/admin/orders?held=1",
        "refunds_to_handle": "/admin/orders?refund_abnormal=1",
    }
    for name, path in links.items():
        lines.append(text(lang, f"report_{name}", n=figures["counts"][name], link=base + path))
    lines.append("")
    low = low_stock(session, shop)
    lines.append(text(lang, "report_low_stock", n=shop.low_stock_threshold, count=len(low)))
    for row in low:
        variant = f" ({row['variant_name']})" if row["variant_name"] else ""
        lines.append(f"- {row['name']}{variant}: {row['stock']}")
    if not low:
        lines.append(text(lang, "report_low_stock_none"))
    lines += ["", text(lang, "report_footer", link=f"{base}/admin/dashboard")]
    subject = f"{text(lang, 'report_subject', date=figures['date'].isoformat())} - {shop.shop_name}"
    return subject, "\n".join(lines) + "\n"


@outbox.composer(REPORT_KIND)
def _write_report(session: Session, row: outbox.OutboxMail) -> outbox.Letter | None:
    shop = session.get(Shop, row.shop_id)
    owner = session.get(User, row.user_id)
    if shop is None or owner is None or owner.deleted_at is not None or not owner.is_admin:
        return None
    at = datetime.fromisoformat(row.payload["at"]) if row.payload.get("at") else utcnow()
    subject, body = compose_report(session, shop, at)
    return outbox.Letter(to=owner.email, subject=subject, body=body, sender_name=shop.shop_name)
