"""The console's categories, brands and banners (`/api/admin/categories`, `/brands`, `/banners`):
list, create, edit (If-Match), delete (409 while in use) and a picture each; the shop's admin only."""

from werkzeug.exceptions import UnprocessableEntity

from bff.admin_crud.routes import crud_routes
from bff.catalog import admin_schemas as schemas
from bff.catalog.admin_taxonomy import BANNER, BRAND, CATEGORY, CODES
from bff.catalog.error_codes import CatalogErrorCode
from bff.catalog.messages import is_key, text
from bff.common.arguments import Blueprint
from bff.common.field_errors import field_error_handler
from bff.shops.context import current_shop


def _blueprint(name: str, path: str, description: str) -> Blueprint:
    blp = Blueprint(f"admin_{name}", __name__, url_prefix=f"/api/admin/{path}", description=description)
    blp.errorhandler(UnprocessableEntity)(
        field_error_handler(text, is_key, CatalogErrorCode.VALIDATION, lambda: current_shop().language)
    )
    return blp


categories = _blueprint(
    "categories", "categories", "Admin: the category tree (two levels), its order and pictures"
)
crud_routes(
    categories,
    CATEGORY,
    CODES,
    schemas.CategoryInput,
    schemas.AdminCategorySchema,
    "category",
    "categories",
)

brands = _blueprint("brands", "brands", "Admin: brands, their logos and taglines")
crud_routes(brands, BRAND, CODES, schemas.BrandInput, schemas.AdminBrandSchema, "brand")

banners = _blueprint(
    "banners", "banners", "Admin: home-page banners, their links or products, order and dates"
)
crud_routes(banners, BANNER, CODES, schemas.BannerInput, schemas.AdminBannerSchema, "banner")
