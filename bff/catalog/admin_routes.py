"""The shop owner's catalogue calls (`/api/admin/products`). Views parse, call
bff/catalog/admin_services.py and serialise; every call needs the shop's admin (401/403).

A product answers with `ETag: W/"<version>"` (and `version` in the body); every call that changes
it (edits, delete, hide and show, stock, pictures) needs `If-Match` with it (428 without, 412 when
another save came first).
"""

from flask import request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.catalog import admin_images as images
from bff.catalog import admin_schemas as schemas
from bff.catalog import admin_services as services
from bff.catalog.error_codes import CatalogErrorCode
from bff.catalog.messages import is_key, text
from bff.common.arguments import Blueprint, per_page
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.field_errors import field_error_handler
from bff.common.models import ID
from bff.common.request_checks import max_body_size
from bff.common.responses import document_errors
from bff.common.schemas import PageArgs
from bff.extensions import db
from bff.media.images import MAX_BYTES as MAX_UPLOAD_BYTES
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_catalog",
    __name__,
    url_prefix="/api/admin/products",
    description="Admin: products, variants, visibility and stock (the shop's admin only)",
)

_IF_MATCH = IF_MATCH_PARAMETER
_IF_MATCH_REQUIRED = blp.doc(parameters=[{**_IF_MATCH, "required": True}])
_ETAG_HEADER = ETAG_HEADER


blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, CatalogErrorCode.VALIDATION, lambda: current_shop().language)
)


def _if_match():
    return if_match_versions(request.headers.get("If-Match"))


def _answer(product, status: int = 200):
    return {"product": product}, status, {"ETag": etag(product.version)}


@blp.route("")
class Products(MethodView):
    @admin_required
    @blp.arguments(schemas.ProductListArgs, location="query")
    @blp.response(200, schemas.AdminProductListResponse)
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, _user, args):
        """Products of the shop, hidden ones too, newest first: search by name, filter, one page."""
        filters = services.ProductFilters(
            q=args["q"],
            ids=args.get("ids"),
            category_id=args["category_id"],
            brand_id=args["brand_id"],
            sold_out=args["sold_out"],
            hidden=args["hidden"],
        )
        page = services.list_products(db.session, shop, filters, args["page"], per_page())
        return {"products": page.as_paginator()}

    @admin_required
    @blp.arguments(schemas.ProductInput, location="json_or_form")
    @blp.response(201, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 422)
    def post(self, shop, user, args):
        """Create a product (visible) with its variants and opening stock."""
        return _answer(services.create_product(db.session, shop, user, args), 201)


@blp.route(f"/<{ID}:product_id>")
class ProductItem(MethodView):
    @admin_required
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404)
    def get(self, shop, _user, product_id):
        """One product with every editable field, its variants and its version (also the ETag)."""
        return _answer(services.get_product(db.session, shop, product_id))

    @admin_required
    @blp.arguments(schemas.ProductInput, location="json_or_form")
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def put(self, shop, user, args, product_id):
        """Replace a product's fields (If-Match required); missing optional fields get their defaults."""
        return _answer(services.update_product(db.session, shop, user, product_id, args, _if_match()))

    @admin_required
    @blp.arguments(schemas.ProductPatchInput(partial=True), location="json_or_form")
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def patch(self, shop, user, args, product_id):
        """Change the given fields of a product (If-Match required)."""
        return _answer(services.update_product(db.session, shop, user, product_id, args, _if_match()))

    @admin_required
    @blp.response(204)
    @document_errors(blp, 401, 403, 404, 409, 412, 428)
    @_IF_MATCH_REQUIRED
    def delete(self, shop, user, product_id):
        """Delete a product no order names (409 otherwise: hide it)."""
        services.delete_product(db.session, shop, user, product_id, _if_match())


@blp.route(f"/<{ID}:product_id>/hide")
class ProductHide(MethodView):
    @admin_required
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, product_id):
        """Hide a product: every storefront call leaves it out and its page is a 404."""
        return _answer(services.set_visibility(db.session, shop, user, product_id, False, _if_match()))


@blp.route(f"/<{ID}:product_id>/show")
class ProductShow(MethodView):
    @admin_required
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, product_id):
        """Show a hidden product on the storefront again."""
        return _answer(services.set_visibility(db.session, shop, user, product_id, True, _if_match()))


@blp.route(f"/<{ID}:product_id>/stock")
class ProductStock(MethodView):
    @admin_required
    @blp.arguments(PageArgs, location="query")
    @blp.response(200, schemas.StockMovementListResponse)
    @document_errors(blp, 401, 403, 404, 422)
    def get(self, shop, _user, args, product_id):
        """The product's stock ledger, newest first, one page."""
        page = services.list_movements(db.session, shop, product_id, args["page"], per_page())
        return {"movements": page.as_paginator()}

    @admin_required
    @blp.arguments(schemas.StockAdjustArgs, location="json_or_form")
    @blp.response(200, schemas.StockAdjustResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, args, product_id):
        """Adjust a variant's stock (a product's without variants) by `delta`, or to `level` over the
        `expected` level read (409 `stale_stock` when it moved meanwhile), with a reason."""
        product, change = services.adjust_stock(
            db.session,
            shop,
            user,
            product_id,
            args["variant_id"],
            args["reason"],
            delta=args["delta"],
            level=args["level"],
            expected=args["expected"],
            if_match=_if_match(),
        )
        return {"product": product, "change": change}, 200, {"ETag": etag(product.version)}


# --- pictures ------------------------------------------------------------------------------

# Several pictures of up to 8 MB each in one request (bff/media/images.py checks each).
UPLOAD_LIMIT = 5 * MAX_UPLOAD_BYTES + 64 * 1024  # five at most per request, and the form's own bytes


@blp.route(f"/<{ID}:product_id>/images")
class ProductImages(MethodView):
    @max_body_size(UPLOAD_LIMIT)
    @admin_required
    @blp.arguments(schemas.ImageUploadArgs, location="files")
    @blp.response(201, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 413, 422, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, args, product_id):
        """Add pictures (multipart field `images`, several at once) after the product's others.

        Each is checked by its content (not its name), cleaned of metadata (EXIF, GPS) and kept
        with WebP copies 320, 640 and 1280 pixels wide (`srcset` in answers). One file that is not
        a picture refuses the whole upload, with a message per file; nothing is stored then."""
        files = [(upload.filename or "image", upload.read()) for upload in args["images"]]
        return _answer(images.add_images(db.session, shop, user, product_id, files, _if_match()), 201)

    @admin_required
    @blp.arguments(schemas.ImageArrangeArgs, location="json_or_form")
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def put(self, shop, user, args, product_id):
        """Reorder the pictures (`order`: every id once) and choose the cover (`avatar`)."""
        product = images.arrange_images(
            db.session, shop, user, product_id, args["order"], args["cover"], _if_match()
        )
        return _answer(product)


@blp.route("/detail-pictures")
class DetailPictures(MethodView):
    @max_body_size(MAX_UPLOAD_BYTES + 64 * 1024)
    @admin_required
    @blp.arguments(schemas.DetailPictureArgs, location="files")
    @blp.response(201, schemas.DetailPictureResponse)
    @document_errors(blp, 401, 403, 413, 422)
    def post(self, shop, _user, args):
        """Upload a picture for the rich-text details (multipart field `picture`).

        Checked and cleaned as the product's pictures are, kept with its WebP widths; the answer's
        `path` and `srcset` go into the details' <img>, which the sanitiser keeps (this site's
        /media/ paths only, or https)."""
        upload = args["picture"]
        return {"picture": images.store_detail_picture(shop, upload.filename or "image", upload.read())}, 201


@blp.route(f"/<{ID}:product_id>/images/<{ID}:image_id>")
class ProductImageItem(MethodView):
    @admin_required
    @blp.arguments(schemas.ImageAltArgs, location="json_or_form")
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def patch(self, shop, user, args, product_id, image_id):
        """Change a picture's alt text."""
        alt = args["alt"]
        return _answer(images.describe_image(db.session, shop, user, product_id, image_id, alt, _if_match()))

    @admin_required
    @blp.response(200, schemas.AdminProductResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 428)
    @_IF_MATCH_REQUIRED
    def delete(self, shop, user, product_id, image_id):
        """Remove a picture from the product (a removed cover passes to the next picture)."""
        return _answer(images.delete_image(db.session, shop, user, product_id, image_id, _if_match()))
