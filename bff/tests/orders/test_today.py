"""The dashboard for today (issue 25, item 3): sales today, yesterday, this week and this month in
NZ$ and yuan (paid orders by the day paid, refunds taken off, cancelled orders never), the counts
that ask for the owner, low stock at the owner's threshold, and the daily mail, queued once a day
per shop by the release's scheduler round, through the outbox.

Days are the shop's (`time_zone`): here Pacific/Auckland, in daylight saving (UTC+13) in November,
so 2026-11-26 11:00 UTC is the first instant of Friday 27 November."""

import csv
import io
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import func, select, update

from bff.accounts.outbox import OutboxMail
from bff.extensions import db
from bff.orders import today
from bff.orders.models import DailyReport, Order, OrderPayment
from bff.payments.models import Refund

NOW = datetime(2026, 11, 27, 2, 0, tzinfo=UTC)  # Friday 27 Nov, 15:00 in Auckland


@pytest.fixture
def nz_store(store):
    store.time_zone = "Pacific/Auckland"
    store.low_stock_threshold = 5
    db.session.commit()
    return store


def _paid(order: dict, at: datetime, paid: str, refunded: str = "0.00", rate: str = "4.5000", status="paid"):
    db.session.execute(
        update(Order)
        .where(Order.id == order["id"])
        .values(
            status=status,
            paid_at=at,
            paid_amount=Decimal(paid),
            refunded_amount=Decimal(refunded),
            exchange_rate=Decimal(rate),
            payment_method="manual",
        )
    )
    db.session.commit()


def _refund(order: dict, status: str, amount: str = "10.00") -> None:
    """A refund row of the order's payment in `status`, in the order's shop, as bff/payments/refunds.py
    leaves it (abnormal: WeChat Pay's ABNORMAL, for the owner to finish by hand)."""
    stored = db.session.get(Order, order["id"])
    payment = db.session.scalar(select(OrderPayment.id).where(OrderPayment.order_id == stored.id))
    db.session.add(
        Refund(
            shop_id=stored.shop_id,
            order_id=stored.id,
            payment_id=payment,
            amount=Decimal(amount),
            reason="缺货",
            method="provider",
            status=status,
        )
    )
    db.session.commit()


def test_sales_follow_the_shops_day_boundary_and_count_only_money_kept(nz_store, place_order):
    last_of_thursday = datetime(2026, 11, 26, 10, 59, 59, tzinfo=UTC)  # 23:59:59 on the 26th, NZDT
    first_of_friday = datetime(2026, 11, 26, 11, 0, tzinfo=UTC)  # 00:00 on the 27th
    _paid(place_order(1), last_of_thursday, "55.00")
    _paid(place_order(1), first_of_friday, "55.00", refunded="5.00", rate="4.4567")  # 50 kept
    _paid(place_order(1), first_of_friday, "55.00", status="cancelled")  # money held: never sales
    _paid(place_order(1), datetime(2026, 11, 22, 12, 0, tzinfo=UTC), "100.00", status="completed")  # Mon 23
    _paid(place_order(1), datetime(2026, 11, 22, 10, 0, tzinfo=UTC), "10.00")  # Sun 22: last week
    _paid(place_order(1), datetime(2026, 10, 31, 10, 0, tzinfo=UTC), "7.00")  # 31 Oct, 23:00 NZDT
    place_order(1)  # unpaid: nothing

    got = today.sales(db.session, nz_store, NOW)
    assert (got["today"].orders, got["today"].nzd, got["today"].cny) == (
        1,
        Decimal("50.00"),
        Decimal("222.8"),
    )
    assert (got["yesterday"].orders, got["yesterday"].nzd, got["yesterday"].cny) == (
        1,
        Decimal("55.00"),
        Decimal("247.5"),
    )
    assert (got["week"].orders, got["week"].nzd) == (3, Decimal("205.00"))
    assert (got["month"].orders, got["month"].nzd) == (4, Decimal("215.00"))
    # A minute before midnight in Auckland, the first Friday order was not yet "today".
    before = today.sales(db.session, nz_store, first_of_friday - timedelta(minutes=1))
    assert (before["today"].nzd, before["yesterday"].nzd) == (Decimal("55.00"), Decimal("0.00"))


def test_the_same_instant_is_another_day_in_another_zone(nz_store, place_order):
    _paid(place_order(1), datetime(2026, 11, 26, 11, 30, tzinfo=UTC), "55.00")
    assert today.sales(db.session, nz_store, NOW)["today"].orders == 1
    nz_store.time_zone = "Asia/Shanghai"  # 19:30 on the 26th there; NOW is 10:00 on the 27th
    db.session.commit()
    got = today.sales(db.session, nz_store, NOW)
    assert (got["today"].orders, got["yesterday"].orders) == (0, 1)


def test_the_dashboard_answers_todays_figures_counts_and_low_stock_at_the_owners_threshold(
    client, as_admin, nz_store, place_order, put_in_state, make_product
):
    to_ship, claimed, held, stuck = place_order(1), place_order(1), place_order(1), place_order(1)
    put_in_state(to_ship, "paid")
    db.session.execute(update(Order).where(Order.id == claimed["id"]).values(payment_claimed_at=NOW))
    put_in_state(held, "cancelled", paid=Decimal("55.00"))
    put_in_state(stuck, "completed")
    _refund(stuck, "abnormal")
    make_product(nz_store, "Kiwi jam", virtual_inventory=8)
    board = client.get("/api/admin/dashboard", headers=as_admin).get_json()
    assert board["today"]["time_zone"] == "Pacific/Auckland"
    assert board["today"]["counts"] == {
        "to_ship": 1,
        "awaiting_confirmation": 1,
        "money_to_refund": 1,
        "refunds_to_handle": 1,
    }
    assert set(board["today"]["sales"]) == {"today", "yesterday", "week", "month"}
    assert "Kiwi jam" not in [row["name"] for row in board["low_stock"]]
    etag = client.get("/api/admin/settings", headers=as_admin).headers["ETag"]
    res = client.patch(
        "/api/admin/settings", headers={**as_admin, "If-Match": etag}, json={"low_stock_threshold": 8}
    )
    assert res.status_code == 200, res.get_json()
    board = client.get("/api/admin/dashboard", headers=as_admin).get_json()
    assert board["today"]["low_stock_threshold"] == 8
    assert "Kiwi jam" in [row["name"] for row in board["low_stock"]]
    # The counts' links: the order list filters that find the same orders.
    for query, order in (
        ({"status": "paid"}, to_ship),
        ({"claimed": "1"}, claimed),
        ({"held": "1"}, held),
        ({"refund_abnormal": "1"}, stuck),
    ):
        listed = client.get("/api/admin/orders", headers=as_admin, query_string=query).get_json()
        assert [o["order_number"] for o in listed["orders"]["data"]] == [order["order_number"]], query


def test_refunds_to_handle_counts_each_order_with_an_abnormal_refund_once_in_its_shop(
    client, as_admin, nz_store, store_b, other_admin, auth_headers, place_order, put_in_state
):
    twice, once, ended, theirs = (place_order(1) for _ in range(4))
    for order in (twice, once, ended, theirs):
        put_in_state(order, "paid")
    _refund(twice, "abnormal")
    _refund(twice, "abnormal")
    _refund(once, "refunded")
    _refund(once, "abnormal")
    for status in ("refunded", "failed", "processing"):
        _refund(ended, status)
    db.session.execute(update(Order).where(Order.id == theirs["id"]).values(shop_id=store_b.id))
    db.session.commit()
    _refund(theirs, "abnormal")  # in shop B

    assert today.counts(db.session, nz_store)["refunds_to_handle"] == 2
    assert today.counts(db.session, store_b)["refunds_to_handle"] == 1
    # The filter lists exactly those orders, each once; the export finds the same.
    ours = {twice["order_number"], once["order_number"]}
    query = {"refund_abnormal": "1"}
    listed = client.get("/api/admin/orders", headers=as_admin, query_string=query).get_json()["orders"]
    assert listed["total"] == 2 and {o["order_number"] for o in listed["data"]} == ours
    unfiltered = client.get("/api/admin/orders", headers=as_admin).get_json()["orders"]
    assert unfiltered["total"] == 3  # the filter off: every order of the shop
    exported = client.get("/api/admin/orders/export.csv", headers=as_admin, query_string=query)
    rows = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True).lstrip("\ufeff"))))
    assert sorted(r["order_number"] for r in rows) == sorted(ours)
    # Shop B's admin finds its own, never shop A's.
    theirs_listed = client.get("/api/admin/orders", headers=auth_headers(other_admin), query_string=query)
    assert [o["order_number"] for o in theirs_listed.get_json()["orders"]["data"]] == [theirs["order_number"]]


def test_a_bad_threshold_is_refused(client, as_admin, nz_store):
    etag = client.get("/api/admin/settings", headers=as_admin).headers["ETag"]
    res = client.patch(
        "/api/admin/settings", headers={**as_admin, "If-Match": etag}, json={"low_stock_threshold": -1}
    )
    assert res.status_code == 422 and "low_stock_threshold" in res.get_json()["errors"]


# The daily mail ------------------------------------------------------------------------------


def _reports() -> list[OutboxMail]:
    db.session.expire_all()
    return list(db.session.scalars(select(OutboxMail).where(OutboxMail.kind == today.REPORT_KIND)))


def test_the_daily_mail_is_queued_from_seven_once_a_day_per_shop(nz_store, admin, make_user, store_b):
    store_b.daily_report_enabled = False
    make_user(store_b, "owner-b@example.com", is_admin=True)
    db.session.commit()
    six_nz = datetime(2026, 11, 26, 17, 59, tzinfo=UTC)  # 06:59 on the 27th in Auckland
    assert today.queue_daily_reports(db.session, six_nz) == []
    seven_nz = six_nz + timedelta(minutes=1)
    assert today.queue_daily_reports(db.session, seven_nz) == [nz_store.id]
    assert today.queue_daily_reports(db.session, seven_nz + timedelta(hours=3)) == []  # the same day
    [mail] = _reports()
    assert (mail.user_id, mail.shop_id) == (admin.id, nz_store.id)
    [claim] = db.session.scalars(select(DailyReport)).all()
    assert (claim.day, claim.recipients) == (date(2026, 11, 27), 1)
    # The next day of the shop's calendar: a new mail.
    assert today.queue_daily_reports(db.session, seven_nz + timedelta(days=1)) == [nz_store.id]
    assert len(_reports()) == 2


def test_replicas_racing_for_a_days_mail_queue_it_once(app, nz_store, admin, monkeypatch):
    """Eight schedulers at the same instant, each on its own connection, all past the look for an
    existing claim together: the database's unique (shop, day) lets one insert; the others' inserts
    fail and roll back with their mails. A real race on PostgreSQL; SQLite serialises the writers."""
    import threading

    at = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)  # 09:00 in Auckland
    n = 8
    together = threading.Barrier(n)

    def not_yet(session, shop_id, day):
        together.wait(timeout=10)
        return False

    monkeypatch.setattr(today, "_claimed", not_yet)
    results = [None] * n

    def replica(i):
        with app.app_context():
            try:
                results[i] = today.queue_daily_reports(db.session, at)
            finally:
                db.session.remove()

    threads = [threading.Thread(target=replica, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(len, results)) == [0] * (n - 1) + [1]
    assert len(_reports()) == 1
    assert db.session.scalar(select(func.count()).select_from(DailyReport)) == 1


def test_the_release_round_queues_it_and_the_mail_has_the_figures(
    app, nz_store, admin, place_order, make_product, smtp_server, monkeypatch
):
    from bff.orders.release import release_and_mail

    monkeypatch.setattr(today, "utcnow", lambda: NOW)  # 15:00 in Auckland
    _paid(place_order(1), NOW - timedelta(hours=1), "55.00", rate="4.4567")
    make_product(nz_store, "Kiwi jam", virtual_inventory=2)
    release_and_mail(app)
    [message] = [m for m in smtp_server.wait_for(2) if "店铺日报" in str(m["Subject"])]
    body = message.get_content()
    assert message["To"] == admin.email and "2026-11-27" in str(message["Subject"])
    assert "时区 Pacific/Auckland" in body
    assert "今日销售：NZ$55.00（¥245.1），1 单" in body
    assert "昨日销售：NZ$0.00（¥0.0），0 单" in body

    assert "待发货：1 单 " in body
    site = nz_store.site_url.rstrip("/")
    assert f"退款异常待处理：0 单（微信支付商户平台 → 交易中心）{site}/admin/orders?refund_abnormal=1" in body
    assert "Kiwi jam: 2" in body and "不超过 5 件" in body


def test_the_mail_asks_for_the_refunds_to_finish_by_hand_in_the_shops_language(
    nz_store, place_order, put_in_state
):
    stuck = place_order(1)
    put_in_state(stuck, "paid")
    _refund(stuck, "abnormal")
    _refund(stuck, "abnormal")
    site = nz_store.site_url.rstrip("/")
    _, body = today.compose_report(db.session, nz_store, NOW)
    assert (
        f"退款异常待处理：1 单（微信支付商户平台 → 交易中心）{site}/admin/orders?refund_abnormal=1\n" in body
    )
    nz_store.language = "en"
    db.session.commit()
    _, body = today.compose_report(db.session, nz_store, NOW)
    link = f"{site}/admin/orders?refund_abnormal=1"
    assert f"Refunds to finish by hand in WeChat Pay's merchant platform: 1 {link}\n" in body
