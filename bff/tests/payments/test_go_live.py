"""The console's go-live helper (issue 22 item 5): errors in the owner's words for every missing
field, what each account kind needs, the notify URLs and domains to register for the shop's own
host, and a connection test that makes one read-only call and says what failed."""

from bff.tests.payments.conftest import set_provider
from bff.tests.payments.test_provider_settings import BASE, _put


def test_a_missing_field_is_named_in_chinese_and_every_one_is_marked(client, as_admin, store):
    res = _put(client, as_admin, "wechat_pay", {"enabled": True, "mchid": "1900000109"})
    assert res.status_code == 422
    body = res.get_json()
    assert "公众号 AppID" in body["message"] and "APIv3密钥" in body["message"]
    assert "appid" not in body["message"] and "cert_serial_no" not in body["message"]
    assert {"appid", "cert_serial_no", "private_key", "apiv3_key"} <= set(body["errors"])


def test_the_guide_names_the_fields_each_kind_needs_and_what_to_register(client, as_admin, store):
    guide = client.get(f"{BASE}/wechat_pay/guide", headers=as_admin).get_json()
    fields = {f["name"]: f for f in guide["fields"]}
    assert fields["mchid"]["label"] == "商户号"
    assert fields["merchant_category_code"]["required_for"] == ["global"]
    assert fields["platform_certificate"]["required_for"] == []  # the public key does instead
    values = [entry["value"] for entry in guide["register"]]
    site = store.site_url.rstrip("/")
    assert f"{site}/api/payment/notify/wechat_pay" in values
    assert f"{site}/api/payment/notify/wechat_pay/refund" in values
    alipay = client.get(f"{BASE}/alipay/guide", headers=as_admin).get_json()
    assert {f["name"]: f["label"] for f in alipay["fields"]}["seller_id"] == "商户PID（2088开头）"
    assert client.get(f"{BASE}/nothing/guide", headers=as_admin).status_code == 404


def test_the_connection_test_downloads_the_certificates_from_the_accounts_host(
    client, as_admin, store, wechat_fake
):
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    res = client.post(f"{BASE}/wechat_pay/test", headers=as_admin).get_json()
    assert res == {"ok": True, "message": "连接成功：已用您保存的密钥调用了支付服务的只读接口。"}
    assert ("GET", "/v3/global/certificates") in wechat_fake.requests


def test_the_connection_test_says_what_failed(app, client, as_admin, store, wechat_fake, alipay_fake):
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    wechat_fake.mchid = "1900000999"  # the account entered is not the gateway's
    try:
        res = client.post(f"{BASE}/wechat_pay/test", headers=as_admin).get_json()
    finally:
        wechat_fake.mchid = "1900000109"
    assert res["ok"] is False and res["message"].startswith("连接失败") and "401" in res["message"]
    assert client.post(f"{BASE}/alipay/test", headers=as_admin).get_json()["ok"] is False  # not saved
    set_provider(store, "alipay", alipay_fake.shop_fields())
    assert client.post(f"{BASE}/alipay/test", headers=as_admin).get_json()["ok"] is True
