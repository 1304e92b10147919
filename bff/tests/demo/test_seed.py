"""The demo data: two complete, separate shops, loaded idempotently with real image files."""

from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy import func, select, text

from bff.catalog.models import Banner, BannerProduct, Brand, Category, Product, ProductImage, ProductVariant
from bff.catalog.sorting import SORTS, order_by
from bff.catalog.stock import ledger_totals
from bff.content.models import Article
from bff.demo import images
from bff.demo.seed import SeedError, seed
from bff.extensions import db
from bff.media.images import webp_widths
from bff.shops.models import SHOP_IMAGE_FIELDS, Shop

SETTINGS = [c.key for c in Shop.__table__.columns if c.key not in ("id", "created_at")]


def _shop(code: str) -> Shop:
    return db.session.scalar(select(Shop).where(Shop.code == code))


def _count(model, shop: Shop, *where) -> int:
    return db.session.scalar(select(func.count()).select_from(model).where(model.shop_id == shop.id, *where))


def _snapshot() -> dict[str, list]:
    """Every row of every table, in primary-key order."""
    tables = {}
    with db.engine.connect() as conn:
        for table in db.metadata.sorted_tables:
            pk = ", ".join(c.name for c in table.primary_key.columns)
            tables[table.name] = [
                tuple(r) for r in conn.execute(text(f"SELECT * FROM {table.name} ORDER BY {pk}"))
            ]
    return tables


@pytest.fixture
def seeded(app):
    return seed()


def test_seed_creates_a_full_chinese_shop(seeded):
    assert seeded == {"nz-zh": "created", "nz-en": "created"}
    shop = _shop("nz-zh")
    assert shop.language == "zh" and {d.hostname for d in shop.domains} == {"localhost", "127.0.0.1"}
    assert shop.site_url == "http://localhost:3000"
    assert shop.time_zone == "Asia/Shanghai"
    empty = [name for name in SETTINGS if getattr(shop, name) in (None, "")]
    assert empty == []
    assert 4 <= shop.shop_exchange_rate <= 5
    assert (
        shop.is_overseas_shipping
        and shop.is_local_shipping
        and shop.is_pick_up
        and shop.is_direct_payment_enabled
    )

    tops = db.session.scalars(
        select(Category).where(Category.shop_id == shop.id, Category.parent_id.is_(None))
    ).all()
    assert len(tops) >= 8
    for top in tops:
        children = _count(Category, shop, Category.parent_id == top.id)
        assert 2 <= children <= 4, top.name
    products = db.session.scalars(select(Product).where(Product.shop_id == shop.id)).all()
    assert len(products) >= 60
    in_subcategory = [p for p in products if p.category.parent_id is not None]
    assert len(in_subcategory) >= 0.8 * len(products)
    for p in products:
        assert (
            p.composition
            and p.usage_instructions
            and "<table>" in p.product_details
            and "<li>" in p.product_details
        )
        assert 1 <= len(p.images) <= 4 and p.avatar == p.images[0].id
        assert p.weight > 0 and p.price > 0
        assert p.updated_at == p.created_at

    assert _count(Brand, shop) >= 6 and _count(Brand, shop, Brand.is_featured) >= 1
    assert _count(Banner, shop) >= 3 and _count(Banner, shop, Banner.link_url.is_not(None)) >= 1
    assert _count(BannerProduct, shop) >= 3
    assert {a.title for a in db.session.scalars(select(Article).where(Article.shop_id == shop.id))} == {
        "配送条款",
        "退换货政策",
        "关于我们",
        "支付帮助",
    }
    with_variants = {
        v.product_id
        for v in db.session.scalars(select(ProductVariant).where(ProductVariant.shop_id == shop.id))
    }
    assert len(with_variants) >= 5

    assert any(p.virtual_inventory == 0 for p in products)
    assert any(p.virtual_inventory > 99 for p in products)
    assert any(0 < p.virtual_inventory < 10 for p in products)
    assert any(p.discount is not None and p.discount < p.price for p in products)
    assert any(p.is_free_shipping for p in products)
    assert any(p.member_price is not None for p in products)
    assert sum(p.is_featured for p in products) >= 10


def test_every_sort_order_gives_a_different_order(seeded):
    shop = _shop("nz-zh")
    orders = {
        sort: tuple(
            db.session.scalars(select(Product.id).where(Product.shop_id == shop.id).order_by(*order_by(sort)))
        )
        for sort in SORTS
    }
    firsts = {sort: ids[:4] for sort, ids in orders.items()}
    assert len(set(firsts.values())) == len(SORTS), firsts


def test_english_shop_is_smaller_and_separate(seeded, client):
    zh, en = _shop("nz-zh"), _shop("nz-en")
    assert en.language == "en" and [d.hostname for d in en.domains] == ["en.localhost"]
    assert en.time_zone == "Pacific/Auckland"
    assert [name for name in SETTINGS if getattr(en, name) in (None, "")] == []
    assert 10 <= _count(Product, en) < _count(Product, zh)
    assert _count(Brand, en) >= 3 and _count(Banner, en) >= 2 and _count(Article, en) == 4

    # No row of one shop points at a row of the other.
    for shop in (zh, en):
        products = db.session.scalars(select(Product).where(Product.shop_id == shop.id)).all()
        assert all(p.category.shop_id == shop.id for p in products)
        assert all(p.brand is None or p.brand.shop_id == shop.id for p in products)
        assert all(i.shop_id == shop.id for p in products for i in p.images)
        banner_products = db.session.scalars(
            select(Product)
            .join(BannerProduct, BannerProduct.product_id == Product.id)
            .where(BannerProduct.shop_id == shop.id)
        ).all()
        assert all(p.shop_id == shop.id for p in banner_products)

    def shop_name(host):
        return client.get("/api/shop", headers={"X-Site-Host": host}).json["data"]["shop_info"]["shop_name"]

    assert shop_name("en.localhost") == en.shop_name != shop_name("127.0.0.1") == zh.shop_name
    en_product = db.session.scalar(select(Product.id).where(Product.shop_id == en.id))
    assert client.get(f"/api/product/{en_product}", headers={"X-Site-Host": "localhost"}).status_code == 404


def test_a_second_seed_changes_nothing(seeded):
    before = _snapshot()
    assert seed() == {"nz-zh": "exists", "nz-en": "exists"}
    assert _snapshot() == before


def test_every_image_in_the_database_is_a_real_file(seeded, app):
    root = Path(app.config["MEDIA_ROOT"])
    paths = [getattr(shop, f) for shop in db.session.scalars(select(Shop)) for f in SHOP_IMAGE_FIELDS]
    for column in (Category.avatar, Brand.avatar, Banner.avatar, ProductImage.path):
        paths += db.session.scalars(select(column)).all()
    assert len(paths) > 200 and all(paths)
    for path in set(paths):
        head = (root / path).read_bytes()[:8]
        assert head.startswith(b"\xff\xd8\xff") or head == b"\x89PNG\r\n\x1a\n", path


def test_every_product_picture_has_its_size_and_webp_widths_as_an_upload_has(seeded, app):
    """Cards and product pages send a srcset of these: a phone fetches a 320 px WebP, not the
    whole JPEG (Lighthouse's responsive-images audit, issue 27.5)."""
    root = Path(app.config["MEDIA_ROOT"])
    pictures = db.session.scalars(select(ProductImage)).all()
    assert len(pictures) > 100
    for picture in pictures:
        with Image.open(root / picture.path) as original:
            assert (picture.width, picture.height) == original.size, picture.path
        widths = webp_widths(picture.width)
        assert sorted(map(int, picture.webp)) == widths and 320 in widths, picture.path
        for width, path in picture.webp.items():
            with Image.open(root / path) as copy:
                assert (copy.format, copy.width) == ("WEBP", int(width)), path


def test_missing_image_files_are_drawn_again_at_the_same_paths(seeded, app):
    path = db.session.scalar(select(ProductImage.path).order_by(ProductImage.id))
    file = Path(app.config["MEDIA_ROOT"]) / path
    file.unlink()
    before = _snapshot()
    assert seed()["nz-zh"] == "exists, images restored"
    assert file.is_file() and _snapshot() == before


def test_a_hostname_owned_by_another_shop_stops_the_seed(make_shop):
    make_shop("localhost", code="someone-else")
    with pytest.raises(SeedError, match="localhost"):
        seed()
    assert _shop("nz-zh") is None


def test_images_are_deterministic():
    first = images.product_image.__wrapped__("jar", "#c98a1a", "Brand", "UMF 10+", "250g", 3)
    again = images.product_image.__wrapped__("jar", "#c98a1a", "Brand", "UMF 10+", "250g", 3)
    assert first == again
    assert images.qr_like.__wrapped__("seed", "Pay") == images.qr_like.__wrapped__("seed", "Pay")


def test_demo_members_can_log_in_and_see_member_prices(seeded, client):
    login = client.post(
        "/api/auth/login",
        json={"email": "member@example.com", "password": "demo1234"},
        headers={"X-Site-Host": "localhost"},
    )
    assert login.status_code == 200
    user = login.json["data"]["user"]
    assert user["member_levels"]["discount_percent"] == 90
    assert login.json["data"]["token"]


def test_members_are_added_to_a_shop_seeded_before_them_and_only_once(seeded):
    from bff.accounts.models import User

    zh = _shop("nz-zh")
    db.session.execute(text("DELETE FROM users"))
    db.session.commit()
    seed()
    seed()
    emails = db.session.scalars(select(User.email).where(User.shop_id == zh.id).order_by(User.email)).all()
    assert emails == ["admin@example.com", "member@example.com", "vip@example.com"]


def test_seed_demo_with_products_grows_the_shop_with_searchable_products_whose_stock_is_in_the_ledger(
    app, client
):
    result = app.test_cli_runner().invoke(args=["seed-demo", "--products", "150"])
    assert result.exit_code == 0, result.output
    shop = _shop("nz-zh")
    assert _count(Product, shop) == 150
    newest = select(Product).where(Product.shop_id == shop.id).order_by(Product.id.desc())
    generated = db.session.scalar(newest)
    assert generated.name.endswith("#149") and generated.images and generated.avatar == generated.images[0].id
    assert ledger_totals(db.session, generated.id)["product"] == generated.virtual_inventory
    res = client.post("/api/product/search/?searchTerm=%23149", headers={"X-Site-Host": "localhost"})
    assert [p["id"] for p in res.json["products"]["data"]] == [generated.id]
    # Asked again, it adds nothing.
    assert app.test_cli_runner().invoke(args=["seed-demo", "--products", "150"]).exit_code == 0
    assert _count(Product, shop) == 150
