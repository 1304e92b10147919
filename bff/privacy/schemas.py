from marshmallow import Schema, fields, validate

from bff.addresses.schemas import AddressSchema
from bff.common.schemas import Flag, Text, UtcDateTime
from bff.orders.schemas import OrderSchema


class ProfileSchema(Schema):
    id = fields.Integer()
    email = fields.String()
    name = fields.String()
    group = fields.String(attribute="group_name", allow_none=True)
    member_level = fields.Function(
        lambda user: user.member_level.name if user.member_level else None,
        metadata={"type": "string", "nullable": True},
    )
    is_special_member = Flag()
    created_at = UtcDateTime()


class PersonalDataSchema(Schema):
    """Everything the shop holds about the member (ID numbers masked, as in every answer)."""

    exported_at = UtcDateTime()
    shop = fields.Function(lambda data: data.shop.shop_name, metadata={"type": "string"})
    profile = fields.Nested(ProfileSchema)
    addresses = fields.List(fields.Nested(AddressSchema))
    orders = fields.List(fields.Nested(OrderSchema))


class DeleteAccountArgs(Schema):
    password = Text(
        load_default="",
        validate=validate.Length(max=128),
        metadata={"description": "The member's password, to confirm (none for a member without one)."},
    )


class DeleteAccountResponse(Schema):
    message = fields.String()
