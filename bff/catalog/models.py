import enum
from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    and_,
    or_,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates

from bff.common.html import sanitize_html
from bff.common.models import Money, ShopOwned, Timestamps, Versioned, utcnow
from bff.extensions import db


class Category(ShopOwned, Timestamps, Versioned, db.Model):
    """A node of the shop's category tree; top-level nodes have no parent."""

    __tablename__ = "categories"

    id: Mapped[int] = mapped_column(primary_key=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("categories.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    avatar: Mapped[str | None] = mapped_column(String(255))
    position: Mapped[int] = mapped_column(Integer, default=0)


class Brand(ShopOwned, Timestamps, Versioned, db.Model):
    __tablename__ = "brands"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    avatar: Mapped[str | None] = mapped_column(String(255))
    tagline: Mapped[str] = mapped_column(String(255), default="", server_default="")
    is_featured: Mapped[bool] = mapped_column(Boolean, default=False)
    position: Mapped[int] = mapped_column(Integer, default=0)
    # The picture's size and {width: media path} of its WebP copies (bff/media/images.py), as a
    # product picture has them: the storefront's srcset. Null for pictures stored before 0034.
    avatar_width: Mapped[int | None] = mapped_column(Integer)
    avatar_height: Mapped[int | None] = mapped_column(Integer)
    avatar_webp: Mapped[dict | None] = mapped_column(JSON)


class Banner(ShopOwned, Timestamps, Versioned, db.Model):
    """A home-page slide: leads to its own products, or to `link_url` when set."""

    __tablename__ = "banners"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    avatar: Mapped[str | None] = mapped_column(String(255))
    # As Brand's: the picture's size and WebP copies, for the storefront's srcset.
    avatar_width: Mapped[int | None] = mapped_column(Integer)
    avatar_height: Mapped[int | None] = mapped_column(Integer)
    avatar_webp: Mapped[dict | None] = mapped_column(JSON)
    link_url: Mapped[str | None] = mapped_column(String(500))
    position: Mapped[int] = mapped_column(Integer, default=0)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    # Shown from `starts_at` until before `ends_at` (either open when null), while active.
    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    product_links: Mapped[list["BannerProduct"]] = relationship(cascade="all, delete-orphan")


class BannerProduct(ShopOwned, db.Model):
    __tablename__ = "banner_products"

    banner_id: Mapped[int] = mapped_column(ForeignKey("banners.id", ondelete="CASCADE"), primary_key=True)
    product_id: Mapped[int] = mapped_column(
        ForeignKey("products.id", ondelete="CASCADE"), primary_key=True, index=True
    )


# What a listing tests of each product (its id, Product.listed's columns), kept in the
# category's and brand's indexes so that their counts read the index alone (migration 0036).
_LISTED = ["id", "is_active", "publish_at"]


class Product(ShopOwned, Timestamps, db.Model):
    __tablename__ = "products"
    # One index per storefront order (bff/catalog/sorting.py), each ending on the id tie-breaker,
    # so a page is read in order from the index, never sorted from the whole catalogue (read
    # backwards for the descending orders). Price orders depend on the shopper and are sorted.
    __table_args__ = (
        Index("ix_products_shop_recommend", "shop_id", "is_active", "recommend_weight", "created_at", "id"),
        Index("ix_products_shop_newest", "shop_id", "is_active", "created_at", "id"),
        Index("ix_products_shop_popular", "shop_id", "is_active", "sales_count", "id"),
        # The shop's own code (the CSV import's key); NULLs may repeat.
        Index("ux_products_shop_sku", "shop_id", "sku", unique=True),
        # A category's or brand's page counts its listed products (up to 50 pages' worth) from
        # the index alone on PostgreSQL (an index-only scan: with 10,000 products, 2.9 -> 0.4 ms
        # for a thousand; issue 27.3), instead of reading each one's row for its listing columns.
        Index("ix_products_shop_category_listed", "shop_id", "category_id", postgresql_include=_LISTED),
        Index("ix_products_shop_brand_listed", "shop_id", "brand_id", postgresql_include=_LISTED),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    category_id: Mapped[int | None] = mapped_column(
        ForeignKey("categories.id", ondelete="SET NULL"), index=True
    )
    brand_id: Mapped[int | None] = mapped_column(ForeignKey("brands.id", ondelete="SET NULL"), index=True)
    name: Mapped[str] = mapped_column(String(255))
    sku: Mapped[str | None] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text, default="")
    price: Mapped[Decimal] = mapped_column(Money)
    discount: Mapped[Decimal | None] = mapped_column(Money)
    member_price: Mapped[Decimal | None] = mapped_column(Money)
    virtual_inventory: Mapped[int] = mapped_column(Integer, default=0)  # stock
    weight: Mapped[int] = mapped_column(Integer, default=0)  # grams
    is_free_shipping: Mapped[bool] = mapped_column(Boolean, default=False)
    # Id of the main image among `images`; not a foreign key, to avoid a cycle.
    avatar: Mapped[int | None] = mapped_column(Integer)
    image_alt: Mapped[str] = mapped_column(String(255), default="")
    composition: Mapped[str] = mapped_column(Text, default="")
    usage_instructions: Mapped[str] = mapped_column(Text, default="")
    product_details: Mapped[str] = mapped_column(Text, default="")  # sanitised HTML
    color: Mapped[str] = mapped_column(String(64), default="")
    size: Mapped[str] = mapped_column(String(64), default="")
    is_featured: Mapped[bool] = mapped_column(Boolean, default=False)  # the "best" list
    recommend_weight: Mapped[int] = mapped_column(Integer, default=0)  # the shop's own order, high first
    sales_count: Mapped[int] = mapped_column(Integer, default=0)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)  # False: hidden from the storefront
    # Scheduled publishing: an active product appears at this time (None: at once); a draft is
    # a product not active. `Product.listed(now)` is the storefront's one test of both.
    publish_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Counts the admin's saves: every ORM UPDATE of the row checks and raises it, so an edit made
    # on a stale copy fails (bff/catalog/admin_services.py). Stock moves with plain UPDATEs that
    # leave it alone: an order never makes the owner's open form stale.
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    @classmethod
    def listed(cls, now: datetime):
        """The storefront's products at `now`: active, and published (no start, or started)."""
        return and_(cls.is_active.is_(True), or_(cls.publish_at.is_(None), cls.publish_at <= now))

    __mapper_args__ = {"version_id_col": version}

    images: Mapped[list["ProductImage"]] = relationship(
        order_by="ProductImage.position, ProductImage.id", cascade="all, delete-orphan"
    )
    variants: Mapped[list["ProductVariant"]] = relationship(
        order_by="ProductVariant.position, ProductVariant.id",
        cascade="all, delete-orphan",
        back_populates="product",
    )
    category: Mapped[Category | None] = relationship()
    brand: Mapped[Brand | None] = relationship()

    @validates("product_details")
    def _sanitize_details(self, _key, value):
        # Sanitised on the way in, so every reader gets safe HTML.
        return sanitize_html(value)


class ProductImage(ShopOwned, db.Model):
    __tablename__ = "product_images"

    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    path: Mapped[str] = mapped_column(String(255))  # media path, relative to the media root
    alt: Mapped[str] = mapped_column(String(255), default="")
    name: Mapped[str] = mapped_column(String(255), default="")
    position: Mapped[int] = mapped_column(Integer, default=0)
    # Known for uploads (bff/media/images.py): the size, and {width: media path} of the WebP copies.
    width: Mapped[int | None] = mapped_column(Integer)
    height: Mapped[int | None] = mapped_column(Integer)
    webp: Mapped[dict | None] = mapped_column(JSON)


class ProductVariant(ShopOwned, db.Model):
    __tablename__ = "product_variants"
    # The shop's own code of a variant (migration 0033); NULLs may repeat.
    __table_args__ = (Index("ux_product_variants_shop_sku", "shop_id", "sku", unique=True),)

    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    price: Mapped[Decimal] = mapped_column(Money)
    discount: Mapped[Decimal | None] = mapped_column(Money)
    member_price: Mapped[Decimal | None] = mapped_column(Money)
    weight: Mapped[int] = mapped_column(Integer, default=0)  # grams; above 0 overrides the product's
    virtual_inventory: Mapped[int] = mapped_column(Integer, default=0)
    position: Mapped[int] = mapped_column(Integer, default=0)
    product: Mapped["Product"] = relationship(back_populates="variants")
    sku: Mapped[str | None] = mapped_column(String(64))
    barcode: Mapped[str | None] = mapped_column(String(14))  # a GTIN, check digit checked (barcodes.py)
    # One of the product's pictures, shown when the variant is chosen; not a foreign key, as
    # `Product.avatar`: deleting the picture clears it (admin_images.delete_image).
    image_id: Mapped[int | None] = mapped_column(Integer)

    @property
    def image(self) -> int | None:
        """`image_id` when it names one of the product's pictures (else None)."""
        return self.image_id if self.image_id in {i.id for i in self.product.images} else None


class StockReason(enum.StrEnum):
    ORDER = "order"
    CANCEL = "cancel"
    RELEASE = "release"  # an unpaid order timed out
    ADMIN_ADJUST = "admin_adjust"
    INITIAL = "initial"  # a new product or variant, the demo seed, an import


class StockMovement(ShopOwned, db.Model):
    """One change of stock (the ledger, bff/catalog/stock.py). A variant's stock is the sum of
    its movements; a product's is the sum of all movements naming it (its variants' included)."""

    __tablename__ = "stock_movements"
    __table_args__ = (Index("ix_stock_movements_product_at", "product_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    # Kept (as NULL) when the variant is deleted: its closing movement stays in the product's sum.
    variant_id: Mapped[int | None] = mapped_column(
        ForeignKey("product_variants.id", ondelete="SET NULL"), index=True
    )
    delta: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(20))
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="SET NULL"), index=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    note: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ProductSearch(ShopOwned, db.Model):
    """A product's search document (`bff/catalog/search_text.py` says what each field holds).

    Kept current by `bff.catalog.search.reindex_product`. On PostgreSQL `all_text` has a
    trigram GIN index (migration 0005), and `tokens_tsv`, a column PostgreSQL computes from
    `all_tokens` (the tokens as a tsvector), a GIN index (migration 0016): both are declared
    there only, as SQLite has no such index or type.
    """

    __tablename__ = "product_search"

    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), primary_key=True)
    name_text: Mapped[str] = mapped_column(Text, default="")
    name_tokens: Mapped[str] = mapped_column(Text, default="")
    brand_text: Mapped[str] = mapped_column(Text, default="")
    brand_tokens: Mapped[str] = mapped_column(Text, default="")
    all_text: Mapped[str] = mapped_column(Text, default="")
    all_tokens: Mapped[str] = mapped_column(Text, default="")


# PostgreSQL-only indexes of migrations 0005 and 0016, which Alembic's model comparison leaves aside.
POSTGRES_ONLY_INDEXES = frozenset({"ix_product_search_all_text_trgm", "ix_product_search_tokens_tsv"})
POSTGRES_ONLY_COLUMNS = frozenset({"tokens_tsv"})

# PostgreSQL's rows of each product's distinct Chinese tokens (migration 0037, kept by triggers): the
# token, the best field it is in (0 name, 1 brand, 2 description), when the product is listed
# from, and the shop's order, all in the primary key's index. No model declares it (SQLite has
# none), so it has a MetaData of its own, which Alembic's comparison leaves aside.
SEARCH_TOKENS = Table(
    "product_search_tokens",
    MetaData(),
    Column("shop_id", Integer, nullable=False),
    Column("token", Text, nullable=False),
    Column("product_id", Integer, nullable=False),
    Column("field", SmallInteger, nullable=False),
    Column("listed_from", DateTime(timezone=True), nullable=False),
    Column("recommend_weight", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
POSTGRES_ONLY_TABLES = frozenset({SEARCH_TOKENS.name})

# SQLite's FTS5 index of the search tokens (migration 0034) and the tables FTS5 keeps it in.
SQLITE_ONLY_TABLE_PREFIX = "product_search_fts"


class CatalogueVersion(db.Model):
    """How many times a shop's catalogue has changed: the key of its cached answers
    (bff/catalog/versions.py), used when there is no Redis. Row 0 counts the writes that name no
    one shop, which every shop's answers depend on. No foreign key: row 0 is no shop."""

    __tablename__ = "catalogue_versions"

    shop_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
