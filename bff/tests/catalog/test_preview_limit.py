"""The home page's rows ask only for the cards they show: `limit` on the newest and best lists,
never above the page size."""

import pytest

from bff.tests.helpers import SHOP_A, assert_error


@pytest.mark.parametrize("path", ["/api/product/new/", "/api/product/best/"])
def test_a_preview_gets_at_most_its_limit_and_never_more_than_a_page(client, shop, make_product, path):
    for i in range(6):
        make_product(shop, f"P{i}", is_featured=True)
    short = client.get(f"{path}?limit=2", headers=SHOP_A).json["products"]
    assert (len(short["data"]), short["per_page"], short["total"], short["last_page"]) == (2, 2, 6, 3)
    # The test page size is 4: a larger limit gets a page.
    capped = client.get(f"{path}?limit=50", headers=SHOP_A).json["products"]
    assert (len(capped["data"]), capped["per_page"]) == (4, 4)
    assert_error(client.get(f"{path}?limit=0", headers=SHOP_A), 422)
