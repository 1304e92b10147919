"""Issue 30.2: the figures on every order screen are the figures charged. For a generated set of
240 carts (members with a level, special members, plain members; discounts and member prices;
per-kilogram fees with cents, Xinjiang's special rate, New Zealand in and out of Auckland, pickup;
the shop's rate changed between orders), the order as its pages read it (detail and list), the
pay page's quote (a mainland account charging yuan, a cross-border one charging NZD) and the mails
all give the same NZ$ total to the cent and the same yuan total, computed once from the NZ$ total
at the rate the order was placed at. The expected figures are worked out here, by hand."""

import random
from decimal import ROUND_HALF_UP, Decimal

import pytest

from bff.accounts.models import User
from bff.extensions import db
from bff.orders.mails import OrderMail, compose
from bff.orders.models import Order
from bff.tests.fixtures.shopping import NZ_RECIPIENT, checkout_body
from bff.tests.payments.conftest import set_provider

CARTS = 240
RATES = [Decimal("4.3012"), Decimal("4.4567"), Decimal("4.6000"), Decimal("4.1234")]
CENT, JIAO = Decimal("0.01"), Decimal("0.1")
XINJIANG = {"province_code": "650000", "city_code": "650100", "district_code": "650102"}


def _cents(rng, low, high) -> Decimal:
    return Decimal(rng.randint(low * 100, high * 100)) / 100


@pytest.fixture
def world(store, make_product, make_user, make_member_level, session, alipay_fake, wechat_fake):
    rng = random.Random(30_2)
    store.shipping_cost = Decimal("11.47")  # per kg, so fees have cents (18.36-like)
    store.overseas_direct_special_area_shipping_fee = Decimal("24.03")
    store.local_shipping_cost = Decimal("7.95")
    store.out_auckland_local_shipping_fee = Decimal("12.35")
    session.commit()
    alipay_fake.currency = "CNY"  # a mainland account: charged in yuan
    set_provider(store, "alipay", alipay_fake.shop_fields())
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())  # overseas: charged in NZD
    products = []
    for i in range(24):
        price = _cents(rng, 5, 180)
        fields = {
            "price": price,
            "virtual_inventory": 100_000,
            "weight": rng.choice([0, 180, 450, 999, 1250]),
        }
        if i % 3 == 0:
            fields["discount"] = (price * Decimal(rng.choice(["0.85", "0.9", "0.95"]))).quantize(CENT)
        if i % 4 == 1:
            fields["member_price"] = (price * Decimal("0.88")).quantize(CENT)
        if i % 7 == 0:
            fields["is_free_shipping"] = True
        products.append(make_product(store, f"货品 {i}", **fields))
    level = make_member_level(store, "87")
    shoppers = [
        make_user(store, member_level_id=level.id),
        make_user(store, is_special_member=True),
        make_user(store),
    ]
    return rng, products, shoppers


def _unit(product, user: User, percent: Decimal | None) -> Decimal:
    """SPEC's card rule, by hand: a valid discount, else the member's offer when lower, else price."""
    discount = product.discount if product.discount and 0 < product.discount < product.price else None
    member = product.member_price if product.member_price and product.member_price > 0 else None
    if discount is not None and (member is None or member >= discount):
        return discount
    guest = discount if discount is not None else product.price
    offer = None
    if member is not None and user.is_special_member:
        offer = member
    elif member is not None and percent is not None:
        offer = (product.price * percent / 100).quantize(CENT, ROUND_HALF_UP)
    return offer if offer is not None and offer < guest else guest


def _fee(kind: str, grams: int, settings) -> Decimal:
    if grams <= 0 or kind == "pickup":  # nothing weighed (free shipping), or picked up
        return Decimal("0.00")
    kilos = Decimal(max(grams, 1000)) / 1000
    if kind == "china":
        return (kilos * settings.shipping_cost).quantize(CENT, ROUND_HALF_UP)
    if kind == "xinjiang":
        return (kilos * settings.overseas_direct_special_area_shipping_fee).quantize(CENT, ROUND_HALF_UP)
    return settings.local_shipping_cost if kind == "auckland" else settings.out_auckland_local_shipping_fee


def _recipient(kind: str) -> dict:
    if kind == "xinjiang":
        return {**XINJIANG, "shipping_city": "乌鲁木齐"}
    if kind == "china":
        return {}
    nz = {**NZ_RECIPIENT, "province_code": None, "city_code": None, "district_code": None}
    if kind == "auckland":
        return {**nz, "shipping_type": "local-direct", "shipping_city": "奥克兰"}
    if kind == "pickup":
        return {**nz, "shipping_type": "local-pick"}
    return {**nz, "shipping_type": "local-direct", "shipping_city": "Hamilton"}


def test_two_hundred_carts_show_what_they_charge(api, auth_headers, store, world, session):
    rng, products, shoppers = world
    headers = {u.id: auth_headers(u) for u in shoppers}
    percent = {u.id: (u.member_level.discount_percent if u.member_level else None) for u in shoppers}
    kinds = ["china", "xinjiang", "auckland", "elsewhere", "pickup"]
    checked = rounding_differs = 0
    for n in range(CARTS):
        if n % 60 == 0:  # the owner changes the rate now and then: placed orders keep theirs
            store.shop_exchange_rate = RATES[n // 60]
            session.commit()
        rate = store.shop_exchange_rate
        user = shoppers[n % len(shoppers)]
        kind = kinds[n % len(kinds)]
        chosen = rng.sample(products, rng.randint(1, 4))
        items = [(p, rng.randint(1, 5), None) for p in chosen]
        subtotal = sum((_unit(p, user, percent[user.id]) * q for p, q, _ in items), Decimal("0.00"))
        grams = sum((0 if p.is_free_shipping else p.weight) * q for p, q, _ in items)
        fee = _fee(kind, grams, store)
        total = subtotal + fee
        yuan = (total * rate).quantize(JIAO, ROUND_HALF_UP)

        body = checkout_body(items, f"{subtotal:.2f}", f"{fee:.2f}", weight=grams, **_recipient(kind))
        res = api.post("/api/order/create", headers[user.id], json=body)
        assert res.status_code == 200, (n, res.get_json())
        number = res.get_json()["order"]["order_number"]

        # The order pages (summary and detail read one order; the list reads it among others).
        detail = api.get(f"/api/order/{number}", headers[user.id]).get_json()["order"]
        assert (Decimal(str(detail["total_price"])), Decimal(str(detail["yuan_total"]))) == (total, yuan), n
        assert Decimal(str(detail["exchange_rate"])) == rate
        # The pay page: what each provider charges.
        quote = api.post("/api/payment/quote", headers[user.id], data={"order_number": number}).get_json()
        assert quote["charges"]["alipay"] == {"amount": f"{yuan:.2f}", "currency": "CNY"}, n
        assert quote["charges"]["wechat_pay"] == {"amount": f"{total:.2f}", "currency": "NZD"}, n
        # The mails: received (the total), and paid (the amount received, in both currencies).
        order = db.session.get(Order, detail["id"])
        _, received = compose(store, order, user, OrderMail.RECEIVED)
        assert f"NZ${total:.2f}（¥{yuan}）" in received, (n, received)
        _, paid = compose(store, order, user, OrderMail.PAID, amount=total)
        assert f"NZ${total:.2f}（¥{yuan}）" in paid, (n, paid)
        checked += 1
        parts = sum(
            ((_unit(p, user, percent[user.id]) * q * rate).quantize(JIAO, ROUND_HALF_UP) for p, q, _ in items)
        )
        rounding_differs += parts + (fee * rate).quantize(JIAO, ROUND_HALF_UP) != yuan

    assert checked == CARTS
    # The set is one where summing rounded lines would have shown another yuan total.
    assert rounding_differs >= CARTS // 10
    # The lists show each order's own figures, whatever the shop's rate is now.
    store.shop_exchange_rate = Decimal("9.9999")
    session.commit()
    for user in shoppers:
        page = api.get("/api/orders/?page=1", headers[user.id]).get_json()["orders"]["data"]
        for listed in page:
            order = db.session.get(Order, listed["id"])
            assert Decimal(str(listed["yuan_total"])) == (order.total_price * order.exchange_rate).quantize(
                JIAO, ROUND_HALF_UP
            )
            assert order.exchange_rate in RATES
