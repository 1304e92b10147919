"""Public catalogue calls (SPEC section 7). Views parse, call a service, serialise."""

from flask.views import MethodView

from bff.catalog import schemas, services
from bff.catalog.answer_cache import cached_for_guests
from bff.common.arguments import Blueprint, per_page
from bff.common.models import ID
from bff.extensions import db
from bff.shops.context import current_shop

blp = Blueprint("catalog", __name__, url_prefix="/api", description="Products, categories, brands, banners")


# A search's pages kept for guests (bff/catalog/answer_cache.py); later ones are rarely asked twice.
SEARCH_PAGES_KEPT = 2

# Calls whose answers carry prices, as (rule, view): member_routes.py serves each again under
# /api/user with the member's prices, so the two route tables cannot drift apart.
PRICED_ROUTES: list[tuple[str, type[MethodView]]] = []


def _priced_route(rule: str):
    def register(view: type[MethodView]) -> type[MethodView]:
        PRICED_ROUTES.append((rule, view))
        return blp.route(rule)(view)

    return register


@blp.route("/category")
class CategoryTree(MethodView):
    @cached_for_guests
    @blp.response(200, schemas.CategoryTreeResponse)
    def get(self):
        """The category tree, under one root node that stands for the whole catalogue."""
        return {"data": {"categories": [{"category": services.catalogue_root(db.session, current_shop())}]}}


@_priced_route(f"/category/<{ID}:category_id>")
class CategoryProducts(MethodView):
    @cached_for_guests
    @blp.arguments(schemas.ListArgs, location="query")
    @blp.response(200, schemas.CategoryProductsResponse)
    def get(self, args, category_id):
        """Products of a category and its subcategories, one page."""
        node, page = services.category_products(
            db.session, current_shop(), category_id, args["sort"], args["page"], per_page()
        )
        return {
            "category_name": node.name,
            "category": node,
            "products": page.items,
            "total_pages": page.last_page,
            "current_page": page.page,
            "per_page": page.per_page,
            "total": page.total,
        }


@_priced_route("/product/new")
class NewestProducts(MethodView):
    @cached_for_guests
    @blp.arguments(schemas.NewestArgs, location="query")
    @blp.response(200, schemas.ProductListResponse)
    def get(self, args):
        """Newest products (newest first unless another sort is asked)."""
        size = per_page(args.get("limit"))
        page = services.newest_products(db.session, current_shop(), args["sort"], args["page"], size)
        return {"products": page.as_paginator()}


@_priced_route("/product/best")
class BestProducts(MethodView):
    @cached_for_guests
    @blp.arguments(schemas.PreviewArgs, location="query")
    @blp.response(200, schemas.ProductListResponse)
    def get(self, args):
        """Featured (best) products."""
        page = services.best_products(
            db.session, current_shop(), args["sort"], args["page"], per_page(args.get("limit"))
        )
        return {"products": page.as_paginator()}


@_priced_route("/product/search")
class SearchProducts(MethodView):
    @cached_for_guests(first_pages=SEARCH_PAGES_KEPT)
    @blp.arguments(schemas.SearchArgs, location="query")
    @blp.response(200, schemas.ProductListResponse)
    def post(self, args):
        """Search product names, descriptions and brands; a blank term finds nothing."""
        page = services.search_products(
            db.session, current_shop(), args["searchTerm"], args["sort"], args["page"], per_page()
        )
        return {"products": page.as_paginator()}


@_priced_route(f"/product/<{ID}:product_id>")
class ProductDetail(MethodView):
    @cached_for_guests
    @blp.response(200, schemas.ProductResponse)
    def get(self, product_id):
        """One product with images, variants and sanitised HTML details."""
        return {"product": services.get_product(db.session, current_shop(), product_id)}


@blp.route("/brand")
class Brands(MethodView):
    @cached_for_guests
    @blp.response(200, schemas.BrandListResponse)
    def get(self):
        """All brands of the shop, in the shop's order."""
        return {"brands": services.list_brands(db.session, current_shop())}


@_priced_route(f"/brand/<{ID}:brand_id>")
class BrandProducts(MethodView):
    @cached_for_guests
    @blp.arguments(schemas.ListArgs, location="query")
    @blp.response(200, schemas.BrandProductsResponse)
    def get(self, args, brand_id):
        """A brand and one page of its products."""
        brand, page = services.brand_products(
            db.session, current_shop(), brand_id, args["sort"], args["page"], per_page()
        )
        return {"brand": brand, "products": page.as_paginator()}


@blp.route("/banner")
class Banners(MethodView):
    @blp.response(200, schemas.BannerListResponse)
    def get(self):
        """Active banners of the home slider, in order."""
        return {"banners": services.list_banners(db.session, current_shop())}


@_priced_route(f"/banner-products/<{ID}:banner_id>")
class BannerProducts(MethodView):
    @blp.arguments(schemas.ListArgs, location="query")
    @blp.response(200, schemas.BannerProductsResponse)
    def get(self, args, banner_id):
        """A banner and one page of its products."""
        banner, page = services.banner_products(
            db.session, current_shop(), banner_id, args["sort"], args["page"], per_page()
        )
        return {"banner": banner, "products": page.as_paginator(), "total_pages": page.last_page}


@blp.route("/sitemap")
class Sitemap(MethodView):
    @blp.response(200, schemas.SitemapResponse)
    def get(self):
        """Every public page's id, for the SSR process's sitemap.xml."""
        return services.sitemap_entries(db.session, current_shop())
