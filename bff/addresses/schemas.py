from marshmallow import Schema, fields, validate

from bff.addresses.regions import needs_completion
from bff.addresses.rules import OPTIONAL_FIELDS, REQUIRED_FIELDS
from bff.common.schemas import NOT_BLANK_TEXT, Flag, MaskedIdNumber, Text, UtcDateTime
from bff.shipping.rules import COUNTRIES


def _required(name: str, **doc):
    # Checked by the service (the spec's messages), described here: the text is required and
    # not blank; New Zealand addresses are further limited to English text and a numeric phone.
    doc = {"minLength": 1, "maxLength": REQUIRED_FIELDS[name], "pattern": NOT_BLANK_TEXT, **doc}
    return Text(load_default="", metadata=doc)


def _place(what: str):
    # Checked against rules/china_regions.json by the service; required for China, ignored otherwise.
    return Text(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(r"^\d{6}$"),
        metadata={"pattern": r"^\d{6}$", "description": f"China: the {what}, a GB/T 2260 code."},
    )


class RecipientArgs(Schema):
    """The recipient of an address or an order, checked by the service (clean_recipient in
    bff/addresses/services.py) so that each message is the spec's."""

    shipping_name = _required("shipping_name")
    shipping_contact = _required("shipping_contact")
    shipping_country = _required("shipping_country", enum=list(COUNTRIES))
    shipping_city = _required(
        "shipping_city",
        description="China: written by the BFF from the place the codes name; what is sent is ignored.",
    )
    shipping_address = _required("shipping_address")
    shipping_id = Text(
        load_default="",
        allow_none=True,
        metadata={
            "maxLength": OPTIONAL_FIELDS["shipping_id"],
            "description": "The recipient's ID number (身份证号: 18 characters, the GB 11643 check "
            "character last), or the masked one an answer gave (1101**********1234) to keep it.",
        },
    )
    province_code = _place("province")
    city_code = _place("city (a municipality's own code for 北京, 上海, 天津, 重庆, 香港, 澳门)")
    district_code = _place("district; null for a city without districts")


class AddressArgs(RecipientArgs):
    is_default = fields.Boolean(load_default=False)


class AddressSchema(Schema):
    id = fields.Integer()
    shipping_name = fields.String()
    shipping_contact = fields.String()
    shipping_country = fields.String()
    shipping_city = fields.String()
    shipping_address = fields.String()
    shipping_id = MaskedIdNumber()
    province_code = fields.String(allow_none=True)
    city_code = fields.String(allow_none=True)
    district_code = fields.String(allow_none=True)
    needs_completion = fields.Function(
        needs_completion,
        metadata={
            "type": "boolean",
            "description": "A China address whose codes name no place of the lists (typed before "
            "them, or a place since renamed): choose its place; checkout refuses it until then.",
        },
    )
    is_default = Flag()
    updated_at = UtcDateTime()


class AddressPage(Schema):
    data = fields.List(fields.Nested(AddressSchema))


class AddressListResponse(Schema):
    shipping_addresses = fields.Nested(AddressPage)


class AddressResponse(AddressListResponse):
    shipping_address = fields.Nested(
        AddressSchema, allow_none=True, metadata={"description": "null after delete."}
    )
