"""`@member_required` and `@admin_required`: who gets in, and what the view is handed."""

import pytest

from bff.accounts.decorators import Forbidden, Unauthenticated, admin_required, member_required
from bff.pricing.context import current_shopper
from bff.pricing.rules import GUEST


class View:
    @member_required
    def member(self, shop, user, *args):
        return shop, user, args, current_shopper()

    @admin_required
    def admin(self, shop, user, *args):
        return shop, user, args, current_shopper()


def _call(app, method: str, headers: dict):
    with app.test_request_context("/", headers=headers):
        return getattr(View(), method)("parsed body")


@pytest.fixture
def admin(store, make_user):
    return make_user(store, "admin@example.com", is_admin=True)


def test_a_member_gets_shop_user_and_member_prices(app, store, member, make_member_level, auth_headers):
    member.member_level = make_member_level(store, "90")
    shop, user, args, shopper = _call(app, "member", auth_headers(member))
    assert (shop.id, user.id, args) == (store.id, member.id, ("parsed body",))
    assert shopper != GUEST and shopper.discount_percent == 90


def test_a_guest_or_a_token_of_another_shop_is_unauthenticated(app, store, store_b, member, auth_headers):
    with pytest.raises(Unauthenticated):
        _call(app, "member", {"X-Site-Host": "shop-a.test"})
    with pytest.raises(Unauthenticated):
        _call(app, "member", auth_headers(member, host="shop-b.test"))


def test_the_shops_admin_gets_in_without_member_prices(app, store, admin, auth_headers):
    shop, user, args, shopper = _call(app, "admin", auth_headers(admin))
    assert (shop.id, user.id, args, shopper) == (store.id, admin.id, ("parsed body",), GUEST)


def test_a_member_is_forbidden_the_admin_area(app, member, auth_headers):
    with pytest.raises(Forbidden):
        _call(app, "admin", auth_headers(member))


def test_a_guest_or_another_shops_admin_is_unauthenticated(app, store, store_b, make_user, auth_headers):
    other_admin = make_user(store_b, "admin@example.com", is_admin=True)
    with pytest.raises(Unauthenticated):
        _call(app, "admin", {"X-Site-Host": "shop-a.test"})
    with pytest.raises(Unauthenticated):
        _call(app, "admin", auth_headers(other_admin, host="shop-a.test"))


def test_both_are_documented_as_bearer_calls():
    for method in (View.member, View.admin):
        assert method._apidoc["manual_doc"]["security"] == [{"bearerAuth": []}]
