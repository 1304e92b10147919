"""Known-answer vectors published by the providers' own SDKs, run through our verification and
decryption path (not only through keys made for the run, as the fake gateways do).

- WeChat Pay's AES-GCM decryption: the vector of Tencent's official Go SDK
  (github.com/wechatpay-apiv3/wechatpay-go, utils/aes_test.go: key "testAPIv3Key0000", nonce,
  associated data and ciphertext that decrypt to "Hello World"; the wrong key is refused). Its key
  is 16 bytes (AES-128-GCM); a merchant's APIv3 key is 32 (AES-256), the same code path.
- Alipay: neither python-alipay-sdk's documentation and tests nor Alipay's pages at hand give a
  sample notification with the key that verifies its signature (the SDK's tests sign at run time),
  so there is no Alipay vector here; none is invented.
"""

import json

import pytest

from bff.payments.providers.base import BadNotification
from bff.payments.providers.wechat_keys import decrypt
from bff.payments.providers.wechat_pay import WechatPayProvider
from bff.tests.fakes.wechatpay import FakeWechatPay

WECHATPAY_GO_AES = {
    "apiv3_key": "testAPIv3Key0000",
    "nonce": "wCq51qZv4Yfg",
    "associated_data": "Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8",
    "ciphertext": "FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC",
    "plaintext": "Hello World",
}


def _provider(fake: FakeWechatPay, apiv3_key: str, tmp_path) -> WechatPayProvider:
    fields = fake.shop_fields()
    settings = {
        k: v for k, v in fields.items() if k in ("mchid", "appid", "cert_serial_no", "public_key_id", "api")
    }
    settings["merchant_category_code"] = "5499"
    secrets = {k: fields[k] for k in ("private_key", "public_key")} | {"apiv3_key": apiv3_key}
    gateways = {"global": "http://127.0.0.1:9", "domestic": "http://127.0.0.1:9"}
    return WechatPayProvider(settings, secrets, gateways, "http://shop.test/notify", tmp_path)


def _notification(fake: FakeWechatPay) -> tuple[bytes, dict]:
    """A notification whose resource is the SDK's vector, signed as the platform signs."""
    body = json.dumps(
        {
            "id": "EV-2018022511223320873",
            "event_type": "TRANSACTION.SUCCESS",
            "resource_type": "encrypt-resource",
            "resource": {
                "algorithm": "AEAD_AES_256_GCM",
                "original_type": "transaction",
                "ciphertext": WECHATPAY_GO_AES["ciphertext"],
                "associated_data": WECHATPAY_GO_AES["associated_data"],
                "nonce": WECHATPAY_GO_AES["nonce"],
            },
        }
    )
    return body.encode(), fake.signed_headers(body)


def test_wechat_pay_decrypts_the_official_sdks_vector(tmp_path):
    fake = FakeWechatPay()
    provider = _provider(fake, WECHATPAY_GO_AES["apiv3_key"], tmp_path)
    body, headers = _notification(fake)
    # The path our notifications take: the signature checked, then the resource decrypted.
    assert provider.keys.verify(headers, body.decode())
    assert decrypt(provider.apiv3_key, json.loads(body)["resource"]) == WECHATPAY_GO_AES["plaintext"]


def test_the_vector_under_another_key_or_with_a_forged_signature_is_refused(tmp_path):
    fake = FakeWechatPay()
    body, headers = _notification(fake)
    wrong_key = _provider(fake, "testAPIv3Key1111", tmp_path)
    with pytest.raises(ValueError):  # the tag does not verify
        decrypt(wrong_key.apiv3_key, json.loads(body)["resource"])
    with pytest.raises(BadNotification):
        wrong_key.parse_notification(body, headers)
    right_key = _provider(fake, WECHATPAY_GO_AES["apiv3_key"], tmp_path)
    forged = {
        **headers,
        "Wechatpay-Signature": FakeWechatPay().signed_headers(body.decode())["Wechatpay-Signature"],
    }
    assert not right_key.keys.verify(forged, body.decode())
    with pytest.raises(BadNotification):
        right_key.parse_notification(body, forged)
