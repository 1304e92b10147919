from marshmallow import Schema, fields, validate

from bff.catalog.schemas import ProductCardSchema
from bff.common.models import MAX_ID
from bff.common.schemas import PaginatorSchema, UtcDateTime, WholeNumber


class FavoriteArgs(Schema):
    product_id = WholeNumber(required=True, validate=validate.Range(min=1, max=MAX_ID))


class FavoriteSchema(Schema):
    id = fields.Integer()
    product_id = fields.Integer()
    created_at = UtcDateTime()
    product = fields.Nested(ProductCardSchema)


class FavoritePageSchema(PaginatorSchema):
    data = fields.List(fields.Nested(FavoriteSchema))


class FavoritePageResponse(Schema):
    favorites = fields.Nested(FavoritePageSchema)
    last_page = fields.Integer()


class FavoritesResponse(Schema):
    favorites = fields.List(fields.Nested(FavoriteSchema))
