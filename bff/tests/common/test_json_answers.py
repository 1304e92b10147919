"""The answers' JSON (bff/json.py): orjson writes them, and they read as simplejson's did: a
Decimal as a number with its own digits, dates in Flask's form, keys sorted; Chinese as UTF-8;
what orjson will not write still answers, through simplejson."""

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal

import simplejson

from bff.tests.helpers import SHOP_A


@dataclass
class Point:
    x: int
    y: str


def _answer(app, value):
    with app.test_request_context():
        response = app.json.response(value)
    assert response.mimetype == "application/json"
    return response.get_data()


def test_a_decimal_is_written_with_its_own_digits(app):
    body = _answer(app, {"price": Decimal("39.90"), "rate": Decimal("4.1235"), "none": None})
    assert body == b'{"none":null,"price":39.90,"rate":4.1235}\n'
    assert simplejson.loads(body, use_decimal=True)["price"] == Decimal("39.90")


def test_chinese_is_written_as_utf8_and_keys_are_sorted(app):
    body = _answer(app, {"名": "麦卢卡蜂蜜", "a": [1, 2]})
    assert body == '{"a":[1,2],"名":"麦卢卡蜂蜜"}\n'.encode()


def test_dates_and_dataclasses_read_as_flask_wrote_them(app):
    with app.test_request_context():
        expected = app.json.dumps(
            {"at": datetime(2026, 11, 27, 10, 0, tzinfo=UTC), "day": date(2026, 11, 27), "p": Point(1, "a")},
            separators=(",", ":"),
        )
    body = _answer(
        app, {"at": datetime(2026, 11, 27, 10, 0, tzinfo=UTC), "day": date(2026, 11, 27), "p": Point(1, "a")}
    )
    assert body.decode() == expected + "\n"
    assert b'"at":"Fri, 27 Nov 2026 10:00:00 GMT"' in body


def test_what_orjson_will_not_write_still_answers(app):
    body = _answer(app, {"big": 2**70, "half": "\ud800"})
    assert simplejson.loads(body) == {"big": 2**70, "half": "\ud800"}


def test_an_api_answer_is_utf8(client, shop):
    res = client.get("/api/product/999999", headers=SHOP_A)
    assert res.status_code == 404
    message = res.json["message"]
    assert any("\u4e00" <= char <= "\u9fff" for char in message)  # the shop speaks Chinese
    assert message.encode() in res.data
