"""No N+1: every listing runs the same, fixed number of SQL statements whatever the page
size and however many images and variants its products have."""

import pytest

from bff.catalog import services
from bff.catalog.models import Product
from bff.extensions import db
from bff.tests.helpers import SHOP_A

VARIANTS = [{"name": "small", "price": "10"}, {"name": "large", "price": "20"}]

# shop, and the page: its products (each row with the count of all), their images and variants
LIST = 2
# ... plus the category tree, the brand or the banner
LIST_OF_ONE_THING = 3
# shop, the page's ids with the count of all, their cards, images and variants
SEARCH = 4
# ... plus, on the user-prefixed calls, the sign-in session and the user with their level
SIGNED_IN = 2


@pytest.fixture(autouse=True)
def _reads_themselves(uncached_catalogue):
    """The SQL of each read itself; bff/tests/catalog/test_answer_cache.py counts the cache's."""


@pytest.fixture
def build(shop, make_category, make_brand, make_banner, make_product):
    """Build `n` products (4 images, 2 variants each) in one category, brand and banner."""

    def run(n: int) -> dict[str, tuple[str, str]]:
        parent = make_category(shop, "parent")
        child = make_category(shop, "child", parent=parent)
        brand = make_brand(shop)
        products = [
            make_product(
                shop,
                f"蜂蜜 {i}",
                category_id=(child if i % 2 else parent).id,
                brand_id=brand.id,
                is_featured=True,
                images=4,
                variants=VARIANTS,
            )
            for i in range(n)
        ]
        banner = make_banner(shop, products=products)
        calls = {
            "new": ("get", "/api/product/new/", LIST),
            "best": ("get", "/api/product/best/", LIST),
            "search": ("post", "/api/product/search/?searchTerm=蜂蜜", SEARCH),
            "category": ("get", f"/api/category/{parent.id}", LIST_OF_ONE_THING),
            "brand": ("get", f"/api/brand/{brand.id}", LIST_OF_ONE_THING),
            "banner": ("get", f"/api/banner-products/{banner.id}", LIST_OF_ONE_THING),
        }
        # Each request starts with an empty session, as it does in production.
        db.session.remove()
        return calls

    return run


def _count(app, client, count_queries, method, path, page_size, sort="recommend", headers=SHOP_A):
    app.config["PAGE_SIZE"] = page_size
    try:
        sep = "&" if "?" in path else "?"
        with count_queries() as counter:
            res = getattr(client, method)(f"{path}{sep}sort={sort}", headers=headers)
    finally:
        app.config["PAGE_SIZE"] = 4
    assert res.status_code == 200, res.data
    body = res.json
    items = body["products"] if isinstance(body["products"], list) else body["products"]["data"]
    assert len(items) == page_size
    assert all(len(p["images"]) == 4 and len(p["product_variants"]) == 2 for p in items)
    db.session.remove()
    return counter.count


@pytest.mark.parametrize("name", ["new", "best", "search", "category", "brand", "banner"])
def test_a_list_page_runs_a_fixed_number_of_queries(app, client, count_queries, build, name):
    method, path, expected = build(12)[name]
    small = _count(app, client, count_queries, method, path, page_size=3)
    large = _count(app, client, count_queries, method, path, page_size=12)
    assert small == large == expected


@pytest.mark.parametrize("name", ["new", "best", "search", "category", "brand", "banner"])
def test_a_members_list_page_runs_a_fixed_number_of_queries(
    app, client, count_queries, build, shop, make_user, make_member_level, auth_headers, name
):
    member = make_user(shop, member_level_id=make_member_level(shop, "90").id)
    headers = auth_headers(member)
    method, path, expected = build(12)[name]
    path = path.replace("/api/", "/api/user/", 1)
    small = _count(app, client, count_queries, method, path, page_size=3, headers=headers)
    large = _count(app, client, count_queries, method, path, page_size=12, headers=headers)
    assert small == large == expected + SIGNED_IN


@pytest.mark.parametrize("sort", ["recommend", "newest", "popular", "cheapest", "expensive"])
def test_the_query_count_does_not_depend_on_the_sort(app, client, count_queries, build, sort):
    method, path, expected = build(6)["category"]
    assert _count(app, client, count_queries, method, path, page_size=6, sort=sort) == expected


def test_product_detail_runs_a_fixed_number_of_queries(
    client, count_queries, shop, make_product, make_brand, make_category
):
    refs = {"brand_id": make_brand(shop).id, "category_id": make_category(shop).id}
    few = make_product(shop, images=1, variants=VARIANTS[:1], **refs)
    many = make_product(shop, images=8, variants=VARIANTS * 4, **refs)
    counts = []
    for product_id in (few.id, many.id):
        db.session.remove()
        with count_queries() as counter:
            assert client.get(f"/api/product/{product_id}", headers=SHOP_A).status_code == 200
        counts.append(counter.count)
    # shop, then the product with its category, brand, images and variants (one once the shop is
    # cached: bff/tests/shops/test_shop_cache.py)
    assert counts == [2, 2]


def test_tree_brand_banner_and_article_lists_are_two_queries(client, count_queries, shop, make_category):
    parent = make_category(shop)
    for i in range(5):
        make_category(shop, f"c{i}", parent=parent)
    for path in ("/api/category", "/api/brand", "/api/banner", "/api/article"):
        db.session.remove()
        with count_queries() as counter:
            assert client.get(path, headers=SHOP_A).status_code == 200
        assert counter.count == 2, path


@pytest.mark.parametrize("name", ["new", "best", "category", "brand", "banner"])
def test_a_page_tells_the_total_in_its_own_statement(app, client, count_queries, build, name):
    """12 products, 5 a page: pages 1 and 3 (2 products) each say total 12 in the statement of
    their rows (with their pictures and variants); only a page past the end counts by itself,
    one statement more (no row to carry the count)."""
    method, path, full = build(12)[name]
    app.config["PAGE_SIZE"] = 5
    try:
        answers = {}
        for page in (1, 3, 4):
            db.session.remove()
            with count_queries() as counter:
                res = getattr(client, method)(f"{path}?page={page}", headers=SHOP_A)
            assert res.status_code == 200, res.data
            body = res.json
            paged = body["products"] if "total" in body["products"] else {**body, "data": body["products"]}
            answers[page] = (counter.count, len(paged["data"]), paged["total"])
    finally:
        app.config["PAGE_SIZE"] = 4
    assert answers == {1: (full, 5, 12), 3: (full, 2, 12), 4: (full + 1, 0, 12)}


def test_product_detail_reads_pictures_and_variants_in_their_order(client, shop, make_product):
    """The detail's pictures (joined to its row) and variants (a statement of their own) keep the
    relationships' order (position, then id), not the order they were written in."""
    made = make_product(shop, images=3, variants=[{"name": n, "price": "10"} for n in ("a", "b", "c")])
    product_id = made.id
    product = db.session.get(Product, product_id)
    for image, position in zip(product.images, (2, 0, 1), strict=True):
        image.position = position
    for variant, position in zip(product.variants, (1, 2, 0), strict=True):
        variant.position = position
    db.session.commit()
    db.session.remove()
    answer = client.get(f"/api/product/{product_id}", headers=SHOP_A).json["product"]
    assert [i["name"] for i in answer["images"]] == ["img1", "img2", "img0"]
    assert [v["name"] for v in answer["product_variants"]] == ["c", "a", "b"]


def test_a_list_counts_at_most_fifty_pages(client, monkeypatch, shop, make_product):
    """The count in the page's statement stops where the lists stop counting (MAX_LIST_PAGES), as
    the count of a page past the end does."""
    monkeypatch.setattr("bff.catalog.services.MAX_LIST_PAGES", 2)  # 8 at the tests' 4 a page
    for i in range(10):
        make_product(shop, f"Honey {i}")
    db.session.remove()
    answers = {}
    for page in (1, 3, 4):
        products = client.get(f"/api/product/new/?page={page}", headers=SHOP_A).json["products"]
        answers[page] = (len(products["data"]), products["total"], products["last_page"])
    assert answers == {1: (4, 8, 2), 3: (2, 8, 2), 4: (0, 8, 2)}


def test_a_listings_statement_is_built_once_per_listing_and_sort(client, build):
    """The page's statement is built on a listing's first call in an order and bound afterwards
    (services._page_statements): building it per call cost a listing ~10 % of its time."""
    build(3)
    services._page_statements.cache_clear()
    for sort in ("newest", "newest", "popular", "newest"):
        assert client.get(f"/api/product/new/?sort={sort}", headers=SHOP_A).status_code == 200
    info = services._page_statements.cache_info()
    assert (info.misses, info.hits) == (2, 2)
