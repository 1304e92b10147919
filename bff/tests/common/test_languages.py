"""One language per shop: the English shop's error answers hold no Chinese, and the Chinese
shop's no English generic message (SPEC's 401 'Unauthenticated.' is the contract in both)."""

import re
from decimal import Decimal

import pytest

from bff.orders.models import Order
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import assert_error

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
CONTRACT = {"Unauthenticated."}


def _texts(body) -> list[str]:
    """The message and every field message of an error body."""
    found = [body["message"]]

    def walk(value):
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(body.get("errors"))
    return found


@pytest.fixture
def error_answers(app, client, make_shop, make_user, make_product, auth_headers, session, monkeypatch):
    """The answers of the main error paths of a shop in `language`, as {name: body}."""

    def run(language: str) -> dict:
        host = f"{language}.test"
        shop = make_shop(
            host, language=language, shipping_cost=Decimal("12.00"), is_local_shipping=False, is_pick_up=False
        )
        shop.is_direct_payment_enabled = False
        session.commit()
        guest = {"X-Site-Host": host}
        member = auth_headers(make_user(shop, "taken@example.com"))
        product = make_product(shop, price=Decimal("10.00"), weight=500)
        nz = {
            "shipping_name": "Jane",
            "shipping_contact": "021 123 4567",
            "shipping_country": "New Zealand",
            "shipping_city": "上海",  # not a New Zealand city: refused under the city
            "shipping_address": "1 Queen St",
        }
        answers = {
            "unknown path": (client.get("/api/nope", headers=guest), 404),
            "wrong method": (client.delete("/api/shop", headers=guest), 405),
            "unknown product": (client.get("/api/product/999999", headers=guest), 404),
            "unknown category": (client.get("/api/category/999999", headers=guest), 404),
            "unknown brand": (client.get("/api/brand/999999", headers=guest), 404),
            "bad sort": (client.get("/api/product/new/?sort=cheap", headers=guest), 422),
            "bad page": (client.get("/api/product/new/?page=x", headers=guest), 422),
            "empty login": (client.post("/api/auth/login", json={}, headers=guest), 422),
            "wrong password": (
                client.post(
                    "/api/auth/login",
                    json={"email": "taken@example.com", "password": "wrong1234"},
                    headers=guest,
                ),
                400,
            ),
            "email taken": (
                client.post(
                    "/api/auth/register",
                    json={
                        "name": "A",
                        "email": "taken@example.com",
                        "password": "abcd1234",
                        "password_confirmation": "abcd1234",
                        "acceptTerms": True,
                    },
                    headers=guest,
                ),
                422,
            ),
            "bad reset token": (
                client.post(
                    "/api/auth/password/reset",
                    json={
                        "email": "taken@example.com",
                        "token": "nope",
                        "password": "abcd1234",
                        "password_confirmation": "abcd1234",
                    },
                    headers=guest,
                ),
                400,
            ),
            "guest cart": (client.get("/api/cart", headers=guest), 401),
            "bad cart quantity": (
                client.post("/api/cart/add", json={"product_id": "x", "quantity": "y"}, headers=member),
                422,
            ),
            "nz address in Chinese": (
                client.post("/api/shipping-addresses/create", json=nz, headers=member),
                422,
            ),
            "no shipping method": (
                client.post(
                    "/api/order/create",
                    json=checkout_body(
                        [(product, 1, None)], "10.00", "0", **{**nz, "shipping_city": "Auckland"}
                    ),
                    headers=member,
                ),
                422,
            ),
        }
        shop.is_overseas_shipping = True
        session.commit()
        placed = client.post(
            "/api/order/create", json=checkout_body([(product, 1, None)], "10.00", "12.00"), headers=member
        ).get_json()["order"]
        answers["payment off"] = (
            client.post(
                "/api/payment/create-payment",
                json={"order_number": placed["order_number"], "total_price": placed["total_price"]},
                headers=member,
            ),
            409,
        )
        session.get(Order, placed["id"]).status = "paid"
        session.commit()
        answers["cancel a paid order"] = (
            client.post(f"/api/orders/delete/{placed['id']}", headers=member),
            409,
        )

        from bff.catalog import services

        def boom(*args, **kwargs):
            raise RuntimeError("boom")

        monkeypatch.setattr(services, "newest_products", boom)
        app.config["PROPAGATE_EXCEPTIONS"] = False
        try:
            answers["server failure"] = (client.get("/api/product/new/", headers=guest), 500)
        finally:
            app.config["PROPAGATE_EXCEPTIONS"] = None
        return {name: assert_error(res, status) for name, (res, status) in answers.items()}

    return run


def test_the_english_shop_answers_errors_without_chinese(error_answers):
    chinese = {
        name: text for name, body in error_answers("en").items() for text in _texts(body) if CJK.search(text)
    }
    assert chinese == {}


def test_the_chinese_shop_answers_errors_without_english_messages(error_answers):
    english = {
        name: text
        for name, body in error_answers("zh").items()
        for text in _texts(body)
        if not CJK.search(text) and text not in CONTRACT
    }
    assert english == {}
