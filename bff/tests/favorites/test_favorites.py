"""Wish-list calls: paged list with the sort bar, idempotent add and remove, isolation."""

from decimal import Decimal

from bff.tests.helpers import assert_error


def _ids(favorites):
    return [f["product_id"] for f in favorites]


def test_add_is_idempotent_and_answers_the_whole_list(api, as_member, store, make_product):
    p = make_product(store)
    first = api.post("/api/favorites/add", as_member, json={"product_id": p.id})
    second = api.post("/api/favorites/add", as_member, data={"product_id": str(p.id)})
    assert first.status_code == second.status_code == 200
    assert _ids(second.get_json()["favorites"]) == [p.id]
    assert second.get_json()["favorites"][0]["product"]["name"] == p.name


def test_remove_is_idempotent(api, as_member, store, make_product):
    p = make_product(store)
    api.post("/api/favorites/add", as_member, json={"product_id": p.id})
    for _ in range(2):
        res = api.post("/api/favorites/remove", as_member, json={"product_id": p.id})
        assert res.status_code == 200 and res.get_json()["favorites"] == []


def test_the_list_is_paged_and_sorted(api, as_member, store, make_product):
    prices = ["5.00", "30.00", "10.00", "20.00", "25.00", "15.00"]
    products = [make_product(store, price=Decimal(p)) for p in prices]
    for p in products:
        api.post("/api/favorites/add", as_member, json={"product_id": p.id})
    body = api.get("/api/favorites?sort=cheapest&page=1", as_member).get_json()
    assert body["last_page"] == body["favorites"]["last_page"] == 2  # page size 4 in tests
    assert [f["product"]["price"] for f in body["favorites"]["data"]] == [5.0, 10.0, 15.0, 20.0]
    page2 = api.get("/api/favorites?sort=cheapest&page=2", as_member).get_json()
    assert [f["product"]["price"] for f in page2["favorites"]["data"]] == [25.0, 30.0]
    expensive = api.get("/api/favorites?sort=expensive", as_member).get_json()
    assert expensive["favorites"]["data"][0]["product"]["price"] == 30.0
    assert_error(api.get("/api/favorites?sort=bogus", as_member), 422)
    assert api.get("/api/favorites?sort=&page=1", as_member).status_code == 200


def test_guests_are_refused(client, store):
    res = client.get("/api/favorites", headers={"X-Site-Host": "shop-a.test"})
    assert res.status_code == 401 and res.get_json()["message"] == "Unauthenticated."
    assert client.post("/api/favorites/add", headers={"X-Site-Host": "shop-a.test"}).status_code == 401


def test_scoped_to_the_member_and_the_shop(api, as_member, as_other, store, store_b, make_product):
    p = make_product(store)
    api.post("/api/favorites/add", as_member, json={"product_id": p.id})
    assert api.get("/api/favorites", as_other).get_json()["favorites"]["data"] == []
    api.post("/api/favorites/remove", as_other, json={"product_id": p.id})
    assert _ids(api.get("/api/favorites", as_member).get_json()["favorites"]["data"]) == [p.id]
    foreign = make_product(store_b)
    assert_error(api.post("/api/favorites/add", as_member, json={"product_id": foreign.id}), 404)
    assert_error(api.post("/api/favorites/add", as_member, json={"product_id": 99999999}), 404)
    assert api.get("/api/favorites", {**as_member, "X-Site-Host": "shop-b.test"}).status_code == 401


def test_bad_bodies(api, as_member):
    assert_error(api.post("/api/favorites/add", as_member, json={}), 422)
    assert_error(api.post("/api/favorites/add", as_member, json={"product_id": "x"}), 422)
