"""The console's lists of categories, brands, banners and articles: banners and articles a page
at a time in the shop's order (the tests' page size is 4), categories and brands whole (the tree
and the product editor's selects need them all), each under its own plural name."""

import pytest

from bff.tests.helpers import assert_error

ADMIN = "/api/admin"


def _make(client, headers, kind, field, n):
    made = []
    for i in range(n):
        # Positions given backwards: the list follows the shop's order, not the creation order.
        res = client.post(f"{ADMIN}/{kind}", json={field: f"{kind} {i}", "position": n - i}, headers=headers)
        assert res.status_code == 201, res.json
        made.append(res.json)
    return made


@pytest.mark.parametrize(
    ("kind", "name", "field"), [("banners", "banner", "name"), ("articles", "article", "title")]
)
def test_banners_and_articles_are_paged_on_the_server_in_the_shops_order(client, as_admin, kind, name, field):
    made = _make(client, as_admin, kind, field, 5)
    first = client.get(f"{ADMIN}/{kind}", headers=as_admin).json[kind]
    assert (first["current_page"], first["last_page"], first["per_page"], first["total"]) == (1, 2, 4, 5)
    second = client.get(f"{ADMIN}/{kind}?page=2", headers=as_admin).json[kind]
    listed = [item[field] for item in first["data"] + second["data"]]
    assert listed == [f"{kind} {i}" for i in (4, 3, 2, 1, 0)]
    assert second["data"][0]["id"] == made[0][name]["id"]
    assert client.get(f"{ADMIN}/{kind}?page=3", headers=as_admin).json[kind]["data"] == []
    assert_error(client.get(f"{ADMIN}/{kind}?page=0", headers=as_admin), 422, "validation_error")


@pytest.mark.parametrize(("kind", "field"), [("categories", "name"), ("brands", "name")])
def test_categories_and_brands_come_whole_under_their_plural_name(client, as_admin, kind, field):
    _make(client, as_admin, kind, field, 5)
    body = client.get(f"{ADMIN}/{kind}", headers=as_admin).json
    assert list(body) == [kind]
    assert [item[field] for item in body[kind]] == [f"{kind} {i}" for i in (4, 3, 2, 1, 0)]


@pytest.mark.parametrize("kind", ["categories", "brands", "banners", "articles"])
def test_the_lists_are_for_the_shops_admin_only(client, outsiders, kind):
    for who, (headers, status) in outsiders.items():
        res = client.get(f"{ADMIN}/{kind}", headers=headers)
        if status in (401, 403):
            assert_error(res, status)
        else:  # shop B's admin on its own host sees shop B's (none)
            body = res.json[kind]
            assert (body["data"] if isinstance(body, dict) else body) == [], who
