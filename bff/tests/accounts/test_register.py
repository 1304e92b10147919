import pytest
from sqlalchemy import select

from bff.accounts.models import User
from bff.accounts.passwords import Passwords
from bff.extensions import db
from bff.tests.helpers import SHOP_A, assert_error

GOOD = {
    "name": "小明",
    "email": "Ming@Example.com",
    "password": "abc12345",
    "password_confirmation": "abc12345",
    "acceptTerms": "true",
}


def register(client, body=None, *, as_json=False, headers=SHOP_A, **changes):
    body = {**GOOD, **changes} if body is None else body
    body = {k: v for k, v in body.items() if v is not None}
    if as_json:
        return client.post("/api/auth/register", json=body, headers=headers)
    return client.post("/api/auth/register", data=body, headers=headers)


def test_a_form_encoded_registration_creates_the_account(client, shop):
    res = register(client)
    assert res.status_code == 201, res.json
    assert res.json["data"]["user"]["email"] == "ming@example.com"
    assert res.json["data"]["user"]["name"] == "小明"
    user = db.session.scalar(select(User).where(User.shop_id == shop.id))
    assert user.email == "ming@example.com"
    assert user.password_hash.startswith("$argon2id$")
    assert "abc12345" not in user.password_hash


def test_a_json_registration_is_accepted_too(client, shop):
    res = register(client, as_json=True, acceptTerms=True)
    assert res.status_code == 201, res.json


def test_the_same_email_in_any_case_is_refused_with_the_spec_message(client, shop):
    assert register(client).status_code == 201
    res = register(client, email="  MING@example.COM ")
    body = assert_error(res, 422, "email_taken")
    # The Chinese twin of SPEC's 'Email already exists' (the English shop's text).
    assert body["message"] == "该电子邮件地址已被注册"
    assert body["errors"] == {"email": ["该电子邮件地址已被注册"]}


def test_the_same_email_may_register_in_another_shop(client, shop, make_shop):
    make_shop("shop-b.test")
    assert register(client).status_code == 201
    assert register(client, headers={"X-Site-Host": "shop-b.test"}).status_code == 201


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"email": None}, "email", "请输入电子邮件地址"),
        ({"email": "  "}, "email", "请输入电子邮件地址"),
        ({"email": "not-an-email"}, "email", "请输入有效的电子邮件地址"),
        ({"email": "a@b"}, "email", "请输入有效的电子邮件地址"),
        ({"name": None}, "name", "请输入姓名"),
        ({"name": "   "}, "name", "请输入姓名"),
        ({"password": None}, "password", "请输入密码"),
        ({"password": "abc1234", "password_confirmation": "abc1234"}, "password", "密码至少需要8个字符"),
        ({"password": "a1" * 11, "password_confirmation": "a1" * 11}, "password", "密码最多只能有20个字符"),
        ({"password": "abc!2345", "password_confirmation": "abc!2345"}, "password", "请创建一个更强的密码"),
        (
            {"password": "密码密码密码密码", "password_confirmation": "密码密码密码密码"},
            "password",
            "请创建一个更强的密码",
        ),
        ({"password_confirmation": None}, "password_confirmation", "请确认密码"),
        ({"password_confirmation": "abc12346"}, "password_confirmation", "两次输入的密码不一致"),
        ({"acceptTerms": None}, "acceptTerms", "您必须接受服务条款和隐私政策"),
        ({"acceptTerms": "false"}, "acceptTerms", "您必须接受服务条款和隐私政策"),
        ({"acceptTerms": ""}, "acceptTerms", "您必须接受服务条款和隐私政策"),
    ],
)
def test_each_rule_of_spec_section_5_answers_its_chinese_message(client, shop, changes, field, message):
    body = assert_error(register(client, **changes), 422, "validation_error")
    assert body["errors"][field] == [message]
    assert body["message"] == message
    assert db.session.scalar(select(User)) is None


def test_an_english_shop_answers_in_english(client, make_shop):
    make_shop("en.test", language="en")
    res = register(client, headers={"X-Site-Host": "en.test"}, password="short", password_confirmation="x")
    body = assert_error(res, 422, "validation_error")
    assert body["errors"]["password"] == ["Password must be at least 8 characters"]
    assert body["errors"]["password_confirmation"] == ["The passwords do not match"]


def test_the_top_message_is_the_first_field_in_form_order(client, shop):
    body = assert_error(register(client, name="", email="bad", acceptTerms="false"), 422)
    assert body["message"] == "请输入姓名"
    assert set(body["errors"]) == {"name", "email", "acceptTerms"}


def test_registering_does_not_sign_in_or_grant_admin(client, shop):
    res = register(client, is_admin="1", is_special_member="1")
    assert res.status_code == 201
    assert "token" not in res.json["data"]
    user = db.session.scalar(select(User))
    assert user.is_admin is False and user.is_special_member is False


def test_a_taken_email_costs_the_same_password_hash_as_a_new_one(client, shop, monkeypatch):
    """Timing must not tell which emails have accounts: both answers hash the password once."""
    hashed = []
    original = Passwords.hash
    monkeypatch.setattr(
        Passwords, "hash", lambda self, password: hashed.append(password) or original(self, password)
    )
    assert register(client).status_code == 201
    assert register(client).status_code == 422
    assert len(hashed) == 2
