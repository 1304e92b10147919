"""The shop's own address and hosts, edited in the settings (issue 24, item 7): checked, audited,
mails linking to the new address, the host in use and other shops' hosts protected."""

import pytest
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.shops.models import Shop, ShopDomain
from bff.tests.helpers import assert_error

BASE = "/api/admin/settings"


def _etag(client, headers) -> str:
    return client.get(BASE, headers=headers).headers["ETag"]


def _patch(client, headers, body):
    return client.patch(BASE, json=body, headers={**headers, "If-Match": _etag(client, headers)})


def test_the_settings_show_the_site_address_and_hosts(client, as_admin, store):
    settings = client.get(BASE, headers=as_admin).get_json()["settings"]
    assert settings["site_url"] == "http://shop-a.test" and settings["hosts"] == ["shop-a.test"]


def test_the_owner_sets_a_new_address_and_hosts_audited(client, as_admin, store):
    res = _patch(
        client,
        as_admin,
        {
            "site_url": "https://Shop.Example.com/",
            "hosts": ["shop-a.test", "Shop.Example.com", "www.shop.example.com"],
        },
    )
    assert res.status_code == 200, res.get_json()
    settings = res.get_json()["settings"]
    assert settings["site_url"] == "https://shop.example.com"
    assert settings["hosts"] == ["shop-a.test", "shop.example.com", "www.shop.example.com"]
    db.session.expire_all()
    assert sorted(d.hostname for d in db.session.get(Shop, store.id).domains) == settings["hosts"]
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "shop")).one()
    assert entry.changes["site_url"] == ["http://shop-a.test", "https://shop.example.com"]
    assert entry.changes["hosts"] == [["shop-a.test"], settings["hosts"]]
    # The new host serves the shop.
    assert client.get("/api/shop", headers={"X-Site-Host": "www.shop.example.com"}).status_code == 200


def test_a_hosts_change_alone_raises_the_version(client, as_admin, store):
    before = _etag(client, as_admin)
    assert _patch(client, as_admin, {"hosts": ["shop-a.test", "b.example.com"]}).status_code == 200
    assert _etag(client, as_admin) != before


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({"site_url": "ftp://shop-a.test"}, "site_url", "请输入网站地址"),
        ({"site_url": "https://shop-a.test/path"}, "site_url", "请输入网站地址"),
        ({"site_url": "https://user@shop-a.test"}, "site_url", "请输入网站地址"),
        ({"site_url": "https://elsewhere.example"}, "site_url", "必须是本店的域名之一"),
        ({"hosts": ["shop-a.test", "bad host"]}, "hosts", "不是有效的域名"),
        ({"hosts": ["shop-a.test", "http://x.example"]}, "hosts", "不是有效的域名"),
        ({"hosts": []}, "hosts", "个域名"),
        ({"hosts": ["other.example"]}, "hosts", "不能移除您正在使用的域名 shop-a.test"),
        ({"hosts": ["shop-a.test", "shop-b.test"]}, "hosts", "已被其他店铺使用"),
    ],
)
def test_bad_addresses_and_hosts_are_refused_and_nothing_changes(
    client, as_admin, store, store_b, body, field, words
):
    etag = _etag(client, as_admin)
    res = client.patch(BASE, json=body, headers={**as_admin, "If-Match": etag})
    error = assert_error(res, 422)
    assert words in " ".join(error["errors"][field]), error
    assert _etag(client, as_admin) == etag
    assert sorted(db.session.scalars(select(ShopDomain.hostname).where(ShopDomain.shop_id == store.id))) == [
        "shop-a.test"
    ]


def test_mails_link_to_the_new_address(client, as_admin, store, place_order, smtp_server):
    _patch(
        client,
        as_admin,
        {"site_url": "https://shop.example.com", "hosts": ["shop-a.test", "shop.example.com"]},
    )
    order = place_order(1)
    [received] = smtp_server.wait_for(1)
    assert f"https://shop.example.com/order-detail/{order['order_number']}" in received.get_content()
