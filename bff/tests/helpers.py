"""Small helpers shared by the API tests: the host headers of the test shops and
checks of the error shape."""

import re

SHOP_A = {"X-Site-Host": "shop-a.test"}
SHOP_B = {"X-Site-Host": "shop-b.test"}

_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_LEAKS = ("Traceback", 'File "', "sqlalchemy", "SELECT ", "psycopg", "sqlite3")


def assert_error(res, status: int, code: str | None = None) -> dict:
    """The response is a JSON error of `status` with a message and a stable code, and no leak."""
    assert res.status_code == status, res.data
    assert res.is_json, res.data
    body = res.get_json()
    assert isinstance(body["message"], str) and body["message"]
    assert _SNAKE.match(body["code"]), body
    if code is not None:
        assert body["code"] == code
    text = res.get_data(as_text=True)
    for leak in _LEAKS:
        assert leak not in text, text
    return body


def ids(items: list[dict]) -> list[int]:
    return [item["id"] for item in items]
