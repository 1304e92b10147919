"""Order updates as WeChat template messages (bff/wechat/template_messages.py, queued by
bff/orders/wechat_messages.py): a row of the outbox on its own channel, in the order step's
transaction, sent through the fake WeChat API with the owner's keyword mapping, retried like
mail, ended by 43004, never in the order's way."""

from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import select, update

from bff.accounts import outbox
from bff.accounts.outbox import OutboxMail
from bff.common.models import as_utc, utcnow
from bff.extensions import db
from bff.orders import transitions
from bff.orders.mails import OrderMail, queue_order_mail
from bff.orders.models import Order
from bff.orders.transitions import OrderAction
from bff.pricing.rules import yuan
from bff.tests.fixtures.orders import pay_on_sandbox
from bff.tests.helpers import SHOP_A, assert_error
from bff.tests.wechat.conftest import set_wechat
from bff.wechat import template_messages
from bff.wechat.models import WechatOpenid
from bff.wechat.template_messages import OrderFacts, keyword_type

TEMPLATES = {
    f"template_{event}": f"TPL_{event}"
    for event in ("order_received", "order_paid", "order_shipped", "order_refunded")
}
URL = "/api/admin/wechat/settings"


@pytest.fixture
def follower(wechat_shop, wechat_api, member):
    """`member` signed in with WeChat once (JSAPI payment keeps the openid), the shop's templates set."""
    set_wechat(wechat_shop, TEMPLATES)
    openid = wechat_api.shopper.openid(wechat_api.appid)
    db.session.add(
        WechatOpenid(shop_id=wechat_shop.id, user_id=member.id, appid=wechat_api.appid, openid=openid)
    )
    db.session.commit()
    return openid


def _rows(channel: str | None = None) -> list[OutboxMail]:
    db.session.expire_all()
    query = select(OutboxMail).order_by(OutboxMail.id)
    if channel:
        query = query.where(OutboxMail.channel == channel)
    return list(db.session.scalars(query))


def _ship(store, order, company="新西兰邮政", tracking="LX123456789NZ"):
    db.session.execute(update(Order).where(Order.id == order["id"]).values(status="paid"))
    db.session.commit()
    values = {"shipping_company": company, "tracking_number": tracking}
    transitions.apply(db.session, store, order["id"], OrderAction.SHIP, transitions.SYSTEM, values=values)
    db.session.commit()


def test_an_order_placed_sends_its_mail_and_its_template_message(
    store, follower, wechat_api, place_order, smtp_server
):
    order = place_order()
    mail, wechat = _rows()
    assert (mail.channel, mail.kind, mail.state) == ("mail", "order_received", "sent")
    assert (wechat.channel, wechat.kind, wechat.order_id, wechat.state) == (
        "wechat_template",
        "order_received",
        order["id"],
        "sent",
    )
    assert wechat.payload == {} and len(smtp_server.wait_for(1)) == 1
    [sent] = wechat_api.sent
    assert sent["touser"] == follower and sent["template_id"] == "TPL_order_received"
    assert sent["url"] == f"http://shop-a.test/order-detail/{order['order_number']}"
    data = {key: value["value"] for key, value in sent["data"].items()}
    assert data["character_string1"] == order["order_number"]
    assert data["amount2"].startswith("¥") and data["phrase4"] == "已下单"
    assert "年" in data["time3"] and ":" in data["time3"]


def test_shipped_tells_the_courier_and_tracking_number(store, follower, wechat_api, place_order, smtp_server):
    order = place_order()
    _ship(store, order, company="新西兰邮政 New Zealand Post International")
    shipped = wechat_api.sent[-1]
    assert shipped["template_id"] == "TPL_order_shipped"
    data = {key: value["value"] for key, value in shipped["data"].items()}
    assert data["character_string3"] == "LX123456789NZ"
    # A thing keyword takes 20 characters: the courier's long name is cut, not refused (47003).
    assert (
        len(data["thing2"]) == 20 and data["thing2"].startswith("新西兰邮政") and data["thing2"].endswith("…")
    )
    assert data["phrase5"] == "已发货"
    assert [r.state for r in _rows("wechat_template")] == ["sent", "sent"]


def test_paid_and_refunded_are_told_too(app, client, store, follower, wechat_api, place_order, smtp_server):
    order = place_order()
    assert pay_on_sandbox(app, client, order, "txn-wx-1", amount=str(order["total_price"])).status_code == 200
    assert [m["template_id"] for m in wechat_api.sent] == ["TPL_order_received", "TPL_order_paid"]
    assert wechat_api.sent[-1]["data"]["phrase4"] == {"value": "已付款"}


def test_a_refund_tells_the_amount_refunded(store, member, follower, wechat_api, place_order, smtp_server):
    order = place_order()
    row = db.session.get(Order, order["id"])
    queue_order_mail(
        db.session, store.id, member.id, order["id"], OrderMail.REFUNDED, amount=Decimal("20.00")
    )
    db.session.commit()
    refunded = wechat_api.sent[-1]
    assert refunded["template_id"] == "TPL_order_refunded"
    assert refunded["data"]["amount2"] == {"value": f"¥{yuan(Decimal('20.00'), row.exchange_rate)}"}
    assert refunded["data"]["phrase4"] == {"value": "已退款"}


def test_a_step_rolled_back_leaves_no_template_message(store, follower, wechat_api, place_order, smtp_server):
    order = place_order()
    db.session.execute(update(Order).where(Order.id == order["id"]).values(status="paid"))
    db.session.commit()
    values = {"shipping_company": "顺丰", "tracking_number": "SF1"}
    transitions.apply(db.session, store, order["id"], OrderAction.SHIP, transitions.SYSTEM, values=values)
    db.session.flush()
    assert [(r.channel, r.kind) for r in db.session.scalars(select(OutboxMail).order_by(OutboxMail.id))][
        -2:
    ] == [
        ("mail", "order_shipped"),
        ("wechat_template", "order_shipped"),
    ]
    db.session.rollback()
    assert [r.kind for r in _rows("wechat_template")] == ["order_received"]
    assert len(wechat_api.sent) == 1


def test_a_member_who_does_not_follow_is_undeliverable_at_once_and_the_mail_still_goes(
    store, follower, wechat_api, place_order, smtp_server
):
    wechat_api.shopper.follows = False
    order = place_order()
    [wechat] = _rows("wechat_template")
    assert (wechat.state, wechat.tries) == ("failed", 1)  # 43004: no retry can help
    assert wechat.error.startswith("undeliverable") and "43004" in wechat.error
    assert _rows("mail")[0].state == "sent" and len(smtp_server.wait_for(1)) == 1
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).status == "unpaid"


def test_other_refusals_are_tried_again_after_each_delay_then_fail(
    app, store, follower, wechat_api, place_order, smtp_server, monkeypatch
):
    monkeypatch.setitem(app.config, "MAIL_RETRY_DELAYS", (3600, 3600))
    del wechat_api.templates["TPL_order_received"]  # the owner deleted it at WeChat: 40037
    place_order()
    [row] = _rows("wechat_template")
    assert (row.state, row.tries) == ("pending", 1) and "40037" in row.error
    assert 3500 < (as_utc(row.due_at) - utcnow()).total_seconds() <= 3600
    assert outbox.send_due(app.config) == 0  # not due yet
    for tries in (2, 3):
        db.session.execute(update(OutboxMail).where(OutboxMail.id == row.id).values(due_at=utcnow()))
        db.session.commit()
        assert outbox.send_due(app.config) == 1
        assert _rows("wechat_template")[0].tries == tries
    [row] = _rows("wechat_template")
    assert row.state == "failed" and row.error.startswith("not delivered") and row.payload == {}
    assert wechat_api.sent == []


def test_a_retry_that_finds_the_template_back_is_sent(
    app, store, follower, wechat_api, place_order, smtp_server, monkeypatch
):
    monkeypatch.setitem(app.config, "MAIL_RETRY_DELAYS", (3600,))
    saved = wechat_api.templates.pop("TPL_order_received")
    place_order()
    assert _rows("wechat_template")[0].state == "pending"
    wechat_api.templates["TPL_order_received"] = saved
    db.session.execute(update(OutboxMail).values(due_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()
    outbox.send_due(app.config)
    assert _rows("wechat_template")[0].state == "sent" and len(wechat_api.sent) == 1


def test_a_token_wechat_no_longer_takes_is_refreshed_once(
    store, follower, wechat_api, place_order, smtp_server
):
    place_order()
    wechat_api.revoke_tokens()  # the AppSecret was reset, or another server fetched a token
    wechat_api.calls.clear()
    place_order()
    assert wechat_api.calls.count("/cgi-bin/token") == 1
    assert wechat_api.calls.count("/cgi-bin/message/template/send") == 2  # 40001, then sent
    assert [r.state for r in _rows("wechat_template")] == ["sent", "sent"]


def test_a_member_without_an_email_gets_only_the_template_message(
    store, member, follower, wechat_api, place_order, smtp_server
):
    member.email = ""
    db.session.commit()
    place_order()
    assert [r.channel for r in _rows()] == ["wechat_template"]
    assert len(wechat_api.sent) == 1 and smtp_server.messages == []


def test_without_an_openid_or_a_template_only_mail_goes(
    store, wechat_shop, member, wechat_api, place_order, smtp_server
):
    place_order()  # no openid yet
    set_wechat(wechat_shop, TEMPLATES)
    db.session.add(
        WechatOpenid(shop_id=wechat_shop.id, user_id=member.id, appid=wechat_api.appid, openid="o-someone")
    )
    set_wechat(wechat_shop, {"template_order_received": ""})  # this event has no template
    place_order()
    assert [r.channel for r in _rows()] == ["mail", "mail"] and wechat_api.sent == []


def test_the_owners_mapping_fills_their_templates_keywords(
    client, as_admin, store, follower, wechat_api, place_order, smtp_server
):
    wechat_api.templates["TPL_mine"] = ("keyword1", "thing9", "time2")
    etag = client.get(URL, headers={**SHOP_A, **as_admin}).headers["ETag"]
    body = {
        "template_order_received": "TPL_mine",
        "keyword_order_received_order_number": "{{keyword1.DATA}}",
        "keyword_order_received_amount": "thing9.DATA",
        "keyword_order_received_time": "time2",
        "keyword_order_received_status": "",
    }
    res = client.put(URL, headers={**SHOP_A, **as_admin, "If-Match": etag}, json=body)
    assert res.status_code == 200, res.get_json()
    mapping = res.get_json()["settings"]["template_fields"]
    assert mapping["order_received"] == {
        "order_number": "keyword1",
        "amount": "thing9",
        "status": "",
        "time": "time2",
    }
    assert mapping["order_paid"]["order_number"] == "character_string1"  # the defaults elsewhere
    order = place_order()
    [sent] = wechat_api.sent
    assert set(sent["data"]) == {"keyword1", "thing9", "time2"}
    assert sent["data"]["keyword1"]["value"] == order["order_number"]
    assert sent["data"]["thing9"]["value"].startswith("NZ$")  # a thing keyword shows the shop's price


def test_a_mapping_that_cannot_be_sent_is_refused(client, as_admin, store, wechat_shop):
    etag = client.get(URL, headers={**SHOP_A, **as_admin}).headers["ETag"]
    headers = {**SHOP_A, **as_admin, "If-Match": etag}
    twice = {"keyword_order_paid_order_number": "thing1", "keyword_order_paid_status": "thing1"}
    res = client.put(URL, headers=headers, json=twice)
    assert_error(res, 422)
    assert set(res.get_json()["errors"]) >= {"keyword_order_paid_status"}
    bad = client.put(URL, headers=headers, json={"keyword_order_shipped_tracking": "no spaces please"})
    assert_error(bad, 422)
    assert "keyword_order_shipped_tracking" in bad.get_json()["errors"]
    # Nothing was saved: the defaults still show.
    view = client.get(URL, headers={**SHOP_A, **as_admin}).get_json()["settings"]["template_fields"]
    assert view["order_paid"]["status"] == "phrase4"


def test_values_fit_their_keyword_types():
    assert keyword_type("character_string12") == "character_string"
    assert keyword_type("thing2") == "thing" and keyword_type("keyword1") == ""
    facts = OrderFacts(
        order_number="NZ1",
        amount="NZ$12.30",
        amount_yuan="¥58.5",
        courier="c" * 40,
        tracking="T" * 40,
        time=datetime(2026, 11, 27, 9, 5),
        link="",
    )
    value = template_messages._value
    assert value("thing2", "courier", facts, "order_shipped", "en") == "c" * 19 + "…"
    assert value("character_string3", "tracking", facts, "order_shipped", "en") == "T" * 31 + "…"
    assert value("keyword3", "tracking", facts, "order_shipped", "en") == "T" * 40  # no rule: whole
    assert value("amount2", "amount", facts, "order_paid", "en") == "¥58.5"
    assert value("keyword2", "amount", facts, "order_paid", "en") == "NZ$12.30"
    assert value("phrase4", "status", facts, "order_paid", "en") == "已付款"  # phrases are Chinese
    assert value("thing4", "status", facts, "order_paid", "en") == "Paid"
    assert value("time3", "time", facts, "order_paid", "zh") == "2026年11月27日 09:05"
    assert value("character_string5", "time", facts, "order_paid", "zh") == "2026-11-27 09:05"
