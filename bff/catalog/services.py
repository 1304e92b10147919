"""Read side of the catalogue. Every query is filtered by the shop.

The storefront's reads (a listing's page, a search's, a product page) run on the session's
connection (Core's execution) and read plain rows: the ORM's own path for a statement of columns
cost a listing about a twentieth of its time (issue 27)."""

import functools
from collections import namedtuple
from dataclasses import dataclass

from sqlalchemy import (
    BigInteger,
    CompoundSelect,
    Connection,
    Integer,
    Select,
    Text,
    bindparam,
    cast,
    func,
    literal_column,
    null,
    or_,
    select,
    type_coerce,
    union_all,
)
from sqlalchemy.orm import Session

from bff.catalog import search
from bff.catalog.cards import CardSource
from bff.catalog.error_codes import CatalogErrorCode
from bff.catalog.messages import text
from bff.catalog.models import (
    Banner,
    BannerProduct,
    Brand,
    Category,
    Product,
    ProductImage,
    ProductSearch,
    ProductVariant,
)
from bff.catalog.search_text import query_terms
from bff.catalog.sorting import Sort, order_by, shop_order
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.common.pagination import Page
from bff.content.models import Article
from bff.pricing.context import current_shopper
from bff.pricing.rules import Shopper
from bff.shops.models import Shop


@dataclass
class CategoryNode:
    id: int
    name: str
    avatar: str | None
    parent_id: int | None
    subcategories: list["CategoryNode"]


# What a card shows (bff/catalog/cards.py), read as plain rows: a listing builds no ORM object
# (the profile put most of a listing's SQL time in loading them), and never reads the product
# page's own texts (composition, usage, the rich-text details), most of a row's bytes.
CARD_COLUMNS = (
    Product.id,
    Product.name,
    Product.description,
    Product.price,
    Product.discount,
    Product.member_price,
    Product.virtual_inventory,
    Product.weight,
    Product.is_free_shipping,
    Product.avatar,
    Product.image_alt,
    Product.color,
    Product.size,
)
# A search's cards' pictures and variants, read together (_CARD_CHILDREN): the columns both have...
SHARED_COLUMNS = ("product_id", "id", "name")
# ...and each one's own.
IMAGE_COLUMNS = ("path", "alt", "width", "height", "webp")
VARIANT_COLUMNS = (
    "price",
    "discount",
    "member_price",
    "weight",
    "virtual_inventory",
    "sku",
    "barcode",
    "image_id",
)


def _image_column(name: str):
    """A picture's column as the card statements read it: `webp` as its JSON text, which the
    card's srcset is looked up by (bff/media/schemas.py: no parse for a picture seen before)."""
    if name == "webp":
        return cast(ProductImage.webp, Text).label("webp")
    return getattr(ProductImage, name)


def _children_of_cards() -> CompoundSelect:
    """A search's page's pictures and variants in one statement (one round trip instead of two),
    built once and bound per call (`ids`, `shop_id`). A search's own statement is built per call
    from its terms, so it chooses its page first and this reads the rest (a listing's page is one
    statement: _with_children). Each row is a picture (kind 0) or a variant (kind 1) with the
    other's columns NULL (typed, so a price still reads as a Decimal), in the
    relationships' order (position, then id) product by product."""

    def rows(kind: int, model) -> Select:
        own = IMAGE_COLUMNS if model is ProductImage else VARIANT_COLUMNS
        columns = [getattr(model, name) for name in SHARED_COLUMNS]
        for name in (*IMAGE_COLUMNS, *VARIANT_COLUMNS):
            column = _image_column(name) if name in IMAGE_COLUMNS else getattr(ProductVariant, name)
            columns.append(column if name in own else type_coerce(null(), column.type).label(name))
        return select(literal_column(str(kind)).label("kind"), *columns, model.position).where(
            model.product_id.in_(bindparam("ids", expanding=True)), model.shop_id == bindparam("shop_id")
        )

    order = ("kind", "product_id", "position", "id")
    return union_all(rows(0, ProductImage), rows(1, ProductVariant)).order_by(*map(literal_column, order))


_CARD_CHILDREN = _children_of_cards()


# A shopper's lists count at most this many pages of products: beyond, the total says no more
# (nobody pages that far; search engines follow the sitemap), so no count reads a whole catalogue.
MAX_LIST_PAGES = 50


# The shop's listed products as card rows; `shop_id` and `now` are bound per call.
_CARDS = select(*CARD_COLUMNS).where(
    Product.shop_id == bindparam("shop_id"), Product.listed(bindparam("now"))
)
# A search's chosen products, by their ids.
_CARDS_BY_ID = _CARDS.where(Product.id.in_(bindparam("ids", expanding=True)))

# What each listing adds to _CARDS, with the parameters it binds (besides shop_id and now).
_LISTINGS = {
    "newest": (),
    "best": (Product.is_featured.is_(True),),
    "category": (Product.category_id.in_(bindparam("category_ids", expanding=True)),),
    "brand": (Product.brand_id == bindparam("brand_id"),),
    "banner": (
        Product.id.in_(
            select(BannerProduct.product_id).where(
                BannerProduct.banner_id == bindparam("banner_id"),
                BannerProduct.shop_id == bindparam("shop_id"),
            )
        ),
    ),
}


# A listing's page in one statement (_with_children): each row is one of its products (kind 0),
# or a picture (1) or a variant (2) of one, with every column the row's kind lacks NULL, cast
# (PostgreSQL takes two untyped NULLs for text; a price still reads as a Decimal on SQLite).
# The columns, by name, with their types: the page's own (_with_children), and its pictures' and
# variants' besides the names they share with a product's card.
_CHILD_TYPES = {
    **{name: _image_column(name).type for name in IMAGE_COLUMNS},
    **{name: getattr(ProductVariant, name).type for name in ("sku", "barcode", "image_id")},
}
_CHILD_KINDS = {1: ["id", "name", *IMAGE_COLUMNS], 2: ["id", "name", *VARIANT_COLUMNS]}


def _with_children(page: Select, order: list) -> tuple[CompoundSelect, type]:
    """`page` (a listing's: CARD_COLUMNS with the count of all as `total`, in `order`, one page of
    it; or a product page's, _PRODUCT_PAGE) with its products' pictures and variants: one
    statement, one round trip where two were (the statement's own cost in SQLAlchemy and psycopg,
    and the page's ids sent back as an expanding IN, were a fifth of a listing call: py-spy,
    issue 27). Rows come product by product in the page's order (`rank`), each product's row
    first, then its pictures and its variants in the relationships' order (position, then id).
    With the statement, its rows' class: a named tuple, for a SQLAlchemy Row's attribute costs
    ~330 ns (its __getattr__ looks the name up), a named tuple's ~20 ns, and a page's cards read
    some 700."""
    row_types = {**{column.key: column.type for column in page.selected_columns}, **_CHILD_TYPES}
    kinds = {0: [column.key for column in page.selected_columns], **_CHILD_KINDS}
    ranked = page.add_columns(func.row_number().over(order_by=order).label("rank")).cte("page")

    def rows(kind: int, source, rank, position) -> Select:
        own = kinds[kind]
        columns = [literal_column(str(kind)).label("kind"), rank.label("rank"), position.label("position")]
        for name, type_ in row_types.items():
            if name not in own:
                columns.append(cast(null(), type_).label(name))
            else:
                columns.append(_image_column(name) if kind == 1 else getattr(source, name))
        return select(*columns)

    products = rows(0, ranked.c, ranked.c.rank, literal_column("0")).select_from(ranked)

    def children(kind: int, model) -> Select:
        return (
            rows(kind, model, ranked.c.rank, model.position)
            .join_from(model, ranked, model.product_id == ranked.c.id)
            .where(model.shop_id == bindparam("shop_id"))
        )

    order_of_rows = map(literal_column, ("rank", "kind", "position", "id"))
    statement = union_all(products, children(1, ProductImage), children(2, ProductVariant)).order_by(
        *order_of_rows
    )
    return statement, namedtuple("PageRow", ["kind", "rank", "position", *row_types])


@functools.lru_cache(maxsize=256)
def _page_statements(listing: str, sort: Sort, shopper: Shopper) -> tuple[CompoundSelect, type, Select]:
    """A listing's page in one order, with its pictures and variants (_with_children, with its
    rows' class) and the count of all (a subquery of the page's own statement), and the count
    alone, for a page past the last: built once and bound per call (shop_id, now, count_limit,
    limit, offset and the listing's own). Built per call, the statement's construction and cache
    key cost a listing ~10 % of its time (cProfile, issue 27). `shopper` orders the price sorts
    (what each pays)."""
    stmt = _CARDS.where(*_LISTINGS[listing])
    matches = stmt.with_only_columns(Product.id).limit(bindparam("count_limit", type_=Integer)).subquery()
    count = select(func.count()).select_from(matches)
    order = order_by(sort, shopper)
    page = (
        stmt.add_columns(count.scalar_subquery().label("total"))
        .order_by(*order)
        .limit(bindparam("limit", type_=Integer))
        # A billionth page's offset is past a 32-bit integer (PostgreSQL would refuse it).
        .offset(bindparam("offset", type_=BigInteger))
    )
    return *_with_children(page, order), count


def _grouped(rows, row_class: type) -> list[CardSource]:
    """_with_children's rows as each product's row with its pictures and variants."""
    cards: list[CardSource] = []
    for row in map(row_class._make, rows):
        if row.kind == 0:
            cards.append(CardSource(row, [], []))
        else:
            (cards[-1].images if row.kind == 1 else cards[-1].variants).append(row)
    return cards


def _card_sources(connection: Connection, shop: Shop, rows) -> list[CardSource]:
    """A search's card rows, each with its pictures and variants in the products' own order (the
    relationships' order_by): one statement for the page, whatever its size."""
    ids = [row.id for row in rows]
    if not ids:
        return []
    images: dict[int, list] = {i: [] for i in ids}
    variants: dict[int, list] = {i: [] for i in ids}
    # All at once (one fetchall, not a fetch per row).
    for row in connection.execute(_CARD_CHILDREN, {"ids": ids, "shop_id": shop.id}).all():
        (variants if row.kind else images)[row.product_id].append(row)
    return [CardSource(row, images[row.id], variants[row.id]) for row in rows]


def _card_page(
    session: Session, shop: Shop, listing: str, keys: dict, sort: Sort, page: int, per_page: int
) -> Page:
    """One page of a listing (_LISTINGS, with its parameters in `keys`): its card rows with their
    pictures and variants, in one statement. Only a page past the last counts by itself (no row
    to carry the count)."""
    statement, row_class, count = _page_statements(listing, Sort(sort), current_shopper())
    keys = {**keys, "shop_id": shop.id, "now": utcnow(), "count_limit": MAX_LIST_PAGES * per_page}
    connection = session.connection()
    rows = connection.execute(statement, {**keys, "limit": per_page, "offset": (page - 1) * per_page}).all()
    items = _grouped(rows, row_class)
    total = items[0].product.total if items else connection.execute(count, keys).scalar() or 0
    return Page(items=items, page=page, per_page=per_page, total=total)


# The tree's four columns as plain rows, built once: a category listing reads the whole tree to
# find the category's descendants, and loading every category as an ORM object (all its columns,
# the identity map) cost more than the rest of that statement.
_CATEGORY_ROWS = (
    select(Category.id, Category.name, Category.avatar, Category.parent_id)
    .where(Category.shop_id == bindparam("shop_id"))
    .order_by(Category.position, Category.id)
)


def category_tree(session: Session, shop: Shop) -> list[CategoryNode]:
    """All categories of the shop as a forest of top-level nodes, in the shop's order."""
    rows = session.connection().execute(_CATEGORY_ROWS, {"shop_id": shop.id})
    nodes = {c.id: CategoryNode(c.id, c.name, c.avatar, c.parent_id, []) for c in rows}
    roots = []
    for node in nodes.values():
        parent = nodes.get(node.parent_id) if node.parent_id else None
        (parent.subcategories if parent else roots).append(node)
    return roots


def catalogue_root(session: Session, shop: Shop) -> CategoryNode:
    """One node (id 0, the shop's name) that stands for the whole catalogue, over the tree."""
    return CategoryNode(0, shop.shop_name, None, None, category_tree(session, shop))


def _find_node(nodes: list[CategoryNode], category_id: int) -> CategoryNode | None:
    for node in nodes:
        if node.id == category_id:
            return node
        found = _find_node(node.subcategories, category_id)
        if found:
            return found
    return None


def _descendant_ids(node: CategoryNode) -> list[int]:
    ids = [node.id]
    for child in node.subcategories:
        ids.extend(_descendant_ids(child))
    return ids


def category_products(
    session: Session, shop: Shop, category_id: int, sort: Sort, page: int, per_page: int
) -> tuple[CategoryNode, Page]:
    """Products of a category and of all its subcategories."""
    node = _find_node(category_tree(session, shop), category_id)
    if node is None:
        raise DomainError(CatalogErrorCode.NOT_FOUND, text(shop.language, "category_not_found"))
    keys = {"category_ids": _descendant_ids(node)}
    return node, _card_page(session, shop, "category", keys, sort, page, per_page)


def newest_products(session: Session, shop: Shop, sort: Sort, page: int, per_page: int) -> Page:
    return _card_page(session, shop, "newest", {}, sort, page, per_page)


def best_products(session: Session, shop: Shop, sort: Sort, page: int, per_page: int) -> Page:
    return _card_page(session, shop, "best", {}, sort, page, per_page)


def search_products(session: Session, shop: Shop, term: str, sort: Sort, page: int, per_page: int) -> Page:
    """Products whose name, brand or description holds every term of the query, in Chinese,
    pinyin (full or initials) or Latin letters, ignoring case and accents (`search_text.py`).

    With no sort chosen (recommend), name matches come first, then brand, then description, then
    the shop's order; any other sort orders by its key alone (price, newest, sales).
    Wildcards in the term match literally; a blank term finds nothing.
    """
    terms = query_terms(term)
    if not terms:
        return Page(items=[], page=page, per_page=per_page, total=0)
    limit = MAX_LIST_PAGES * per_page
    now = utcnow()
    # The page is chosen among narrow rows (id, rank, sort keys), then only its products are read
    # whole: sorting a broad query's thousand wide rows cost more than finding them. Ranking
    # reads every match anyway, so the same statement counts them (a window over all matches):
    # no second pass over the matches for the total. One Chinese term in the recommend order
    # ranks only the page's candidates (search.ONE_TERM_PAGE), and needs no statement built.
    if Sort(sort) == Sort.RECOMMEND and search.one_term_page_answers(session.get_bind().dialect.name, terms):
        keys = {"shop_id": shop.id, "now": now, **search.one_term_values(terms[0], page, per_page)}
        chosen = session.execute(search.ONE_TERM_PAGE, keys).all()
    else:
        _, ordered, values = _search_statements(session, shop, terms, Sort(sort), now)
        counted = ordered.add_columns(func.count().over().label("total"))
        chosen = session.execute(counted.limit(per_page).offset((page - 1) * per_page), values).all()
    if chosen:
        total = min(chosen[0].total, limit)
    elif page == 1:
        total = 0
    else:  # past the last page: the count alone
        matches, _, values = _search_statements(session, shop, terms, Sort(sort), now)
        total = session.scalar(select(func.count()).select_from(matches.limit(limit).subquery()), values) or 0
    ids = [row.id for row in chosen]
    connection = session.connection()
    keys = {"ids": ids, "shop_id": shop.id, "now": now}
    rows = {row.id: row for row in connection.execute(_CARDS_BY_ID, keys)} if ids else {}
    items = _card_sources(connection, shop, [rows[i] for i in ids if i in rows])
    return Page(items=items, page=page, per_page=per_page, total=total)


def _search_statements(
    session: Session, shop: Shop, terms: list[str], sort: Sort, now
) -> tuple[Select, Select, dict]:
    """The search's matches (`id`), the same in the order of `sort`, and their parameters' values."""
    recommend = sort == Sort.RECOMMEND
    if search.token_table_answers(session.get_bind().dialect.name, terms):
        # Chinese terms on PostgreSQL: the matches, their rank and the shop's order from one index
        # (migration 0037); another sort reads the matches' products for its keys.
        found, values = search.token_matches(terms)
        matches = select(found.c.product_id.label("id"))
        if recommend:
            order = shop_order(found.c.recommend_weight, found.c.created_at, found.c.product_id)
            ordered = matches.order_by(found.c.rank, *order)
        else:
            ordered = (
                select(Product.id)
                .join(found, found.c.product_id == Product.id)
                .where(Product.shop_id == shop.id, Product.listed(now))
                .order_by(*order_by(sort))
            )
        return matches, ordered, {"shop_id": shop.id, "now": now, **values}
    matches = (
        select(Product.id)
        .join(ProductSearch, ProductSearch.product_id == Product.id)
        .where(
            Product.shop_id == shop.id,
            Product.listed(now),
            ProductSearch.shop_id == shop.id,
            search.match_all(terms),
        )
    )
    return matches, matches.order_by(*([search.rank(terms)] if recommend else []), *order_by(sort)), {}


# A product page's own columns beside its card's: its texts, and its category's and brand's names.
_DETAIL_COLUMNS = (
    Product.composition,
    Product.usage_instructions,
    Product.product_details,
    Category.id.label("category_id"),
    Category.name.label("category_name"),
    Brand.id.label("brand_id"),
    Brand.name.label("brand_name"),
)
# A product page in one statement, with its pictures and variants (_with_children), built once and
# bound per call. As two ORM statements (the product with its category, brand and pictures, then
# its variants), reading it was two fifths of the call (cProfile, issue 27), and marshmallow's
# dump of the ORM objects another sixth (now bff/catalog/cards.py, product_page): 5.1 -> 3.5 ms
# of CPU a call in process on PostgreSQL.
_PRODUCT_PAGE = (
    select(*CARD_COLUMNS, *_DETAIL_COLUMNS)
    .outerjoin(Category, Category.id == Product.category_id)
    .outerjoin(Brand, Brand.id == Product.brand_id)
    .where(
        Product.shop_id == bindparam("shop_id"),
        Product.id == bindparam("product_id"),
        Product.listed(bindparam("now")),
    )
)
_PRODUCT, _ProductRow = _with_children(_PRODUCT_PAGE, [Product.id])


def get_product(session: Session, shop: Shop, product_id: int) -> CardSource:
    """One listed product as its page's row (its card's columns and _DETAIL_COLUMNS) with its
    pictures and variants in the relationships' own order."""
    keys = {"shop_id": shop.id, "product_id": product_id, "now": utcnow()}
    rows = session.connection().execute(_PRODUCT, keys).all()
    if not rows:
        raise DomainError(CatalogErrorCode.NOT_FOUND, text(shop.language, "product_not_found"))
    [product] = _grouped(rows, _ProductRow)
    return product


def list_brands(session: Session, shop: Shop) -> list[Brand]:
    return list(
        session.scalars(select(Brand).where(Brand.shop_id == shop.id).order_by(Brand.position, Brand.id))
    )


def get_brand(session: Session, shop: Shop, brand_id: int) -> Brand:
    brand = session.scalar(select(Brand).where(Brand.shop_id == shop.id, Brand.id == brand_id))
    if brand is None:
        raise DomainError(CatalogErrorCode.NOT_FOUND, text(shop.language, "brand_not_found"))
    return brand


def brand_products(
    session: Session, shop: Shop, brand_id: int, sort: Sort, page: int, per_page: int
) -> tuple[Brand, Page]:
    brand = get_brand(session, shop, brand_id)
    return brand, _card_page(session, shop, "brand", {"brand_id": brand.id}, sort, page, per_page)


def showing_banner() -> tuple:
    """A banner the storefront shows now: active, and within its dates (either may be open)."""
    now = utcnow()
    return (
        Banner.is_active.is_(True),
        or_(Banner.starts_at.is_(None), Banner.starts_at <= now),
        or_(Banner.ends_at.is_(None), Banner.ends_at > now),
    )


def list_banners(session: Session, shop: Shop) -> list[Banner]:
    return list(
        session.scalars(
            select(Banner)
            .where(Banner.shop_id == shop.id, *showing_banner())
            .order_by(Banner.position, Banner.id)
        )
    )


def banner_products(
    session: Session, shop: Shop, banner_id: int, sort: Sort, page: int, per_page: int
) -> tuple[Banner, Page]:
    banner = session.scalar(
        select(Banner).where(Banner.shop_id == shop.id, Banner.id == banner_id, *showing_banner())
    )
    if banner is None:
        raise DomainError(CatalogErrorCode.NOT_FOUND, text(shop.language, "banner_not_found"))
    return banner, _card_page(session, shop, "banner", {"banner_id": banner.id}, sort, page, per_page)


def sitemap_entries(session: Session, shop: Shop) -> dict:
    """Ids (and product change times) of every public page, for sitemap.xml."""
    products = session.execute(
        select(Product.id, Product.updated_at)
        .where(Product.shop_id == shop.id, Product.listed(utcnow()))
        .order_by(Product.id)
    ).all()

    def ids(model) -> list[int]:
        return list(session.scalars(select(model.id).where(model.shop_id == shop.id).order_by(model.id)))

    return {
        "products": [{"id": pid, "updated_at": updated} for pid, updated in products],
        "categories": [{"id": i} for i in ids(Category)],
        "brands": [{"id": i} for i in ids(Brand)],
        "articles": [{"id": i} for i in ids(Article)],
        # Banners showing now that lead to their own product page (not to a link of their own).
        "banners": [
            {"id": i}
            for i in session.scalars(
                select(Banner.id)
                .where(
                    Banner.shop_id == shop.id,
                    *showing_banner(),
                    or_(Banner.link_url.is_(None), Banner.link_url == ""),
                )
                .order_by(Banner.id)
            )
        ],
    }
