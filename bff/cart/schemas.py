from decimal import Decimal

from marshmallow import Schema, fields, validate

from bff.catalog.schemas import ProductCardSchema, VariantSchema
from bff.common.schemas import WholeNumber
from bff.pricing.context import current_quote
from bff.shipping.rules import unit_weight


class CartAddArgs(Schema):
    product_id = WholeNumber(required=True, validate=validate.Range(min=1, max=2**31 - 1))
    quantity = WholeNumber(
        load_default=1,
        validate=validate.Range(min=-999, max=999),
        metadata={"description": "Added to the line (1, +1, -1, or any amount); with set=1 the new amount."},
    )
    variant_id = WholeNumber(
        load_default=None, allow_none=True, validate=validate.Range(min=1, max=2**31 - 1)
    )
    set = fields.Boolean(
        load_default=False,
        metadata={"description": "1 to make `quantity` the line's amount instead of a change."},
    )


def _unit(line):
    return line.variant if line.variant is not None else line.product


class CartLineSchema(Schema):
    id = fields.Integer()
    user_id = fields.Integer()
    product_id = fields.Integer()
    variant_id = fields.Integer(allow_none=True)
    quantity = fields.Integer()
    price = fields.Method("_price", metadata={"description": "Unit price this member pays."})
    line_total = fields.Method("_line_total")
    weight = fields.Method("_weight", metadata={"description": "Grams a unit counts for shipping."})
    product = fields.Nested(ProductCardSchema)
    variant = fields.Nested(VariantSchema, allow_none=True)

    def _price(self, line):
        return current_quote(_unit(line)).amount

    def _line_total(self, line):
        return (current_quote(_unit(line)).amount * line.quantity).quantize(Decimal("0.01"))

    def _weight(self, line):
        variant_weight = line.variant.weight if line.variant else None
        return unit_weight(line.product.weight, variant_weight, line.product.is_free_shipping)


class CartsResponse(Schema):
    carts = fields.List(fields.Nested(CartLineSchema))


class CartData(Schema):
    carts = fields.List(fields.Nested(CartLineSchema))


class CartResponse(Schema):
    data = fields.Nested(CartData)
