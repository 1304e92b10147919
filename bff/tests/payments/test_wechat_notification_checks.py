"""What a WeChat Pay payment notification must be to count, checked on the provider itself
(bff/payments/providers/wechat_pay.py `parse_notification`), each refusal with its reason.

From WeChat Pay's pages (the module's docstring lists them): the callback's headers carry
`Wechatpay-Timestamp`, `-Nonce`, `-Signature` and `-Serial` (the key that signed it:
https://pay.weixin.qq.com/wiki/doc/api_external/en/wechatpay/wechatpay4_1.shtml); its body is UTF-8
JSON whose `event_type` names the event (`TRANSACTION.SUCCESS` for a payment) and whose `resource`
is AEAD_AES_256_GCM-encrypted with the APIv3 key; the resource is the order object: `mchid`,
`appid`, `out_trade_no`, `trade_state`, `amount: {total (an integer, cents), currency}`, WeChat's
own number (`id` on the overseas API, `transaction_id` on the mainland one). A payment counts only
for this merchant and app, in the account's currency, for a whole number of cents, in a state that
pays (SUCCESS) or says the payment failed (PAYERROR).
"""

import json
import time
from decimal import Decimal

import pytest

from bff.extensions import db
from bff.payments.providers import shop_providers
from bff.payments.providers.base import BadNotification, NotAPayment
from bff.payments.providers.wechat_keys import decrypt
from bff.tests.payments.conftest import set_provider
from bff.tests.payments.test_wechat_pay import _pay
from bff.tests.payments.test_wechat_pay_accounts import RATE


@pytest.fixture
def trade(api, as_member, order, wechat_shop):
    """The order's Native trade, started with WeChat Pay (the fake holds it)."""
    _pay(api, as_member, order)
    return order["order_number"] + "-N"


@pytest.fixture
def provider(wechat_shop, trade):
    return shop_providers(db.session, wechat_shop)["wechat_pay"]


def _resigned(fake, body: dict) -> tuple[bytes, dict]:
    text = json.dumps(body, ensure_ascii=False)
    return text.encode(), fake.signed_headers(text)


def _with_resource(
    fake, trade: str, resource: object, event_type="TRANSACTION.SUCCESS"
) -> tuple[bytes, dict]:
    """A correctly signed notification of `trade` whose decrypted resource is `resource`."""
    _url, body, _headers = fake.pay(trade)
    data = json.loads(body)
    data["event_type"] = event_type
    if event_type is None:
        del data["event_type"]
    data["resource"] = {
        "original_type": "transaction",
        **fake.encrypt(json.dumps(resource, ensure_ascii=False), "transaction"),
    }
    return _resigned(fake, data)


def _resource(fake, trade: str) -> dict:
    """The order object the fake's notification of `trade` carries, decrypted."""
    _url, body, _headers = fake.pay(trade)
    data = json.loads(body)
    return json.loads(decrypt(fake.apiv3_key, data["resource"]))


def _refused(provider, body, headers, reason: str):
    with pytest.raises(BadNotification) as refused:
        provider.parse_notification(body, headers)
    # The reason as logged, whole (a prefix where it goes on with the parser's own words).
    said = str(refused.value)
    assert said.startswith(reason) if reason.endswith(": ") else said == reason, said


def test_a_payment_notification_reads_as_the_merchants_charge(provider, wechat_fake, trade, order):
    _url, body, headers = wechat_fake.pay(trade)
    resource = _resource(wechat_fake, trade)
    event = provider.parse_notification(body, headers)
    assert event.provider == "wechat_pay" and event.outcome == "paid"
    assert event.transaction_id == resource["id"]  # the overseas API's name of WeChat's number
    assert (event.order_number, event.reference) == (order["order_number"], trade)
    assert (event.amount, event.currency) == (Decimal("55.00"), "NZD")  # amount.total 5500 cents


def test_a_failed_payment_reads_as_failed(provider, wechat_fake, trade):
    body, headers = _with_resource(
        wechat_fake, trade, {**_resource(wechat_fake, trade), "trade_state": "PAYERROR"}
    )
    assert provider.parse_notification(body, headers).outcome == "failed"


@pytest.mark.parametrize("state", ["NOTPAY", "CLOSED", "REFUND", "USERPAYING", "REVOKED", None])
def test_a_trade_in_a_state_that_neither_pays_nor_fails_is_refused(provider, wechat_fake, trade, state):
    resource = {**_resource(wechat_fake, trade), "trade_state": state}
    body, headers = _with_resource(wechat_fake, trade, resource)
    _refused(provider, body, headers, f"trade state {state}")


LONG = "X" * 40


@pytest.mark.parametrize(
    ("event_type", "reason"),
    [
        ("TRANSACTION.CLOSED", "TRANSACTION.CLOSED"),
        ("TRANSACTION.SUCCESS.", "TRANSACTION.SUCCESS."),
        ("REFUND.SUCCESS", "REFUND.SUCCESS"),
        ("", ""),
        (None, ""),  # no event_type at all
        # The reason (logged) is the event's type, cut to 40 characters.
        ("TRANSACTION." + LONG, ("TRANSACTION." + LONG)[:40]),
        ("REFUND." + LONG, ("REFUND." + LONG)[:40]),
    ],
    ids=["closed", "success-dot", "refund", "empty", "none", "long-transaction", "long-other"],
)
def test_an_authentic_notification_of_another_event_pays_nothing(
    provider, wechat_fake, trade, event_type, reason
):
    body, headers = _with_resource(wechat_fake, trade, _resource(wechat_fake, trade), event_type)
    with pytest.raises(NotAPayment) as not_a_payment:
        provider.parse_notification(body, headers)
    assert str(not_a_payment.value) == reason


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"mchid": "1900000999"}, "another merchant's transaction"),
        ({"appid": "wx0000000000000000"}, "another merchant's transaction"),
        ({"mchid": None}, "another merchant's transaction"),
        ({"amount": {"total": 5500, "currency": "CNY"}}, "unexpected amount"),
        ({"amount": {"total": 5500}}, "unexpected amount"),
        ({"amount": {"total": "5500", "currency": "NZD"}}, "unexpected amount"),
        ({"amount": {"total": 5500.0, "currency": "NZD"}}, "unexpected amount"),
        ({"amount": None}, "unexpected amount"),
        ({"id": None}, "no transaction or trade number"),
        ({"id": ""}, "no transaction or trade number"),
        ({"id": 4200000001}, "no transaction or trade number"),
        ({"out_trade_no": None}, "no transaction or trade number"),
        ({"out_trade_no": 20261126001}, "no transaction or trade number"),
    ],
    ids=[
        "another-mchid",
        "another-appid",
        "no-mchid",
        "another-currency",
        "no-currency",
        "total-a-string",
        "total-a-float",
        "no-amount",
        "no-id",
        "empty-id",
        "id-a-number",
        "no-trade-number",
        "trade-number-a-number",
    ],
)
def test_a_notification_not_of_this_merchants_charge_is_refused(
    provider, wechat_fake, trade, changes, reason
):
    resource = {k: v for k, v in {**_resource(wechat_fake, trade), **changes}.items() if v is not None}
    body, headers = _with_resource(wechat_fake, trade, resource)
    _refused(provider, body, headers, reason)


def test_the_overseas_api_reads_wechats_number_from_id_not_transaction_id(provider, wechat_fake, trade):
    resource = _resource(wechat_fake, trade)
    resource["transaction_id"] = resource.pop("id")
    body, headers = _with_resource(wechat_fake, trade, resource)
    _refused(provider, body, headers, "no transaction or trade number")


def test_over_long_numbers_are_cut_to_their_columns(provider, wechat_fake, trade, order):
    resource = {**_resource(wechat_fake, trade), "id": "4" * 200, "out_trade_no": "N" * 100}
    body, headers = _with_resource(wechat_fake, trade, resource)
    event = provider.parse_notification(body, headers)
    assert (event.transaction_id, event.reference, event.order_number) == ("4" * 128, "N" * 64, "N" * 20)


@pytest.mark.parametrize(
    "resource", [["a", "list"], "a string", 5500, None], ids=["list", "string", "number", "null"]
)
def test_a_resource_that_is_no_order_object_is_refused(provider, wechat_fake, trade, resource):
    body, headers = _with_resource(wechat_fake, trade, resource)
    _refused(provider, body, headers, "unreadable resource")


def test_a_body_that_is_not_utf8_is_refused(provider, wechat_fake, trade):
    _url, body, headers = wechat_fake.pay(trade)
    _refused(provider, body.replace("支付成功".encode(), "支付成功".encode("gb18030")), headers, "not UTF-8")


@pytest.mark.parametrize("timestamp", [None, "", "soon", "1.5e9"], ids=["none", "empty", "a-word", "a-float"])
def test_a_notification_without_a_whole_second_timestamp_is_refused(provider, wechat_fake, trade, timestamp):
    _url, body, headers = wechat_fake.pay(trade)
    headers = {k: v for k, v in {**headers, "Wechatpay-Timestamp": timestamp}.items() if v is not None}
    _refused(provider, body, headers, "no timestamp")


@pytest.mark.parametrize("offset", [-301, 301], ids=["301s-old", "301s-ahead"])
def test_a_notification_out_of_the_window_is_refused_as_stale(provider, wechat_fake, trade, offset):
    _url, body, headers = wechat_fake.pay(trade, timestamp=int(time.time()) + offset)
    _refused(provider, body, headers, "stale notification")


@pytest.mark.parametrize("serial", [None, "", "ABCDEF0123456789"], ids=["none", "empty", "unknown"])
def test_a_notification_signed_with_a_key_the_shop_does_not_hold_is_refused(
    provider, wechat_fake, trade, serial
):
    _url, body, headers = wechat_fake.pay(trade)
    headers = {k: v for k, v in {**headers, "Wechatpay-Serial": serial}.items() if v is not None}
    _refused(provider, body, headers, "signed with a key this shop does not hold")


def test_a_body_changed_after_signing_is_refused(provider, wechat_fake, trade):
    _url, body, headers = wechat_fake.pay(trade)
    _refused(provider, body.replace(b'"summary"', b'"summary" '), headers, "signature mismatch")


def test_a_resource_that_does_not_decrypt_is_refused(provider, wechat_fake, trade):
    _url, body, _headers = wechat_fake.pay(trade)
    data = json.loads(body)
    data["resource"]["ciphertext"] = data["resource"]["ciphertext"][:-4] + "AAAA"
    body, headers = _resigned(wechat_fake, data)
    _refused(provider, body, headers, "unreadable notification: ")


@pytest.fixture
def domestic_shop(store, wechat_fake, session):
    """A mainland merchant account: it charges yuan, at the shop's rate when paying starts."""
    wechat_fake.api = "domestic"
    store.shop_exchange_rate = RATE
    session.commit()
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    return store


def test_the_mainland_api_reads_wechats_number_from_transaction_id_in_yuan(
    api, as_member, order, domestic_shop, wechat_fake
):
    _pay(api, as_member, order)
    trade = order["order_number"] + "-N"
    provider = shop_providers(db.session, domestic_shop)["wechat_pay"]
    _url, body, headers = wechat_fake.pay(trade)
    resource = _resource(wechat_fake, trade)
    event = provider.parse_notification(body, headers)
    assert (event.transaction_id, event.amount, event.currency) == (
        resource["transaction_id"],
        Decimal(resource["amount"]["total"]) / 100,  # fen, as yuan
        "CNY",
    )
    assert resource["amount"]["currency"] == "CNY" and "id" not in resource
    resource["id"] = resource.pop("transaction_id")  # the overseas name, on a mainland account
    body, headers = _with_resource(wechat_fake, trade, resource)
    _refused(provider, body, headers, "no transaction or trade number")
