from marshmallow import Schema, fields

from bff.common.schemas import Flag, UtcDateTime


class RecipientArgs(Schema):
    """The recipient of an address or an order, checked by the service (clean_recipient in
    bff/addresses/services.py) so that each message is the spec's."""

    shipping_name = fields.String(load_default="")
    shipping_contact = fields.String(load_default="")
    shipping_country = fields.String(load_default="")
    shipping_city = fields.String(load_default="")
    shipping_address = fields.String(load_default="")
    shipping_id = fields.String(load_default="", allow_none=True)


class AddressArgs(RecipientArgs):
    is_default = fields.Boolean(load_default=False)


class AddressSchema(Schema):
    id = fields.Integer()
    shipping_name = fields.String()
    shipping_contact = fields.String()
    shipping_country = fields.String()
    shipping_city = fields.String()
    shipping_address = fields.String()
    shipping_id = fields.String()
    is_default = Flag()
    updated_at = UtcDateTime()


class AddressPage(Schema):
    data = fields.List(fields.Nested(AddressSchema))


class AddressListResponse(Schema):
    shipping_addresses = fields.Nested(AddressPage)


class AddressResponse(AddressListResponse):
    shipping_address = fields.Nested(AddressSchema)
