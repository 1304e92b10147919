"""Bodies and answers of the settings calls (bff/settings/admin_routes.py). Validation messages
are keys of bff/settings/messages.py (falling back to the common form messages)."""

from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask_smorest.fields import Upload
from marshmallow import Schema, ValidationError, fields, validate

from bff.common.form_fields import Body, flag, money, name_field, text_field
from bff.common.schemas import MoneyInput, PaginatorSchema, Text, UtcDateTime, WholeNumber
from bff.shops.schemas import ShopInfoSchema

MAX_RATE = Decimal("99999999.9999")  # Numeric(12, 4)
TIMEOUT_MINUTES = (5, 30 * 24 * 60)
LOW_STOCK_MAX = 10_000

# Texts the owner edits, with their longest length (the columns' or a sane page limit).
TEXTS = {
    "shop_description": 2000,
    "shop_slogan": 255,
    "qq_number": 32,
    "shop_incentive_title": 255,
    "shop_incentive_name1": 120,
    "shop_incentive_name2": 120,
    "shop_incentive_name3": 120,
    "shop_incentive_description1": 2000,
    "shop_incentive_description2": 2000,
    "shop_incentive_description3": 2000,
    "overseas_shipping_note": 2000,
    "local_shipping_note": 2000,
    "pick_up_note": 2000,
}
MONEY = (
    "shipping_cost",
    "overseas_direct_special_area_shipping_fee",
    "local_shipping_cost",
    "out_auckland_local_shipping_fee",
)
FLAGS = (
    "is_overseas_shipping",
    "is_overseas_id_required",
    "is_local_shipping",
    "is_pick_up",
    "is_direct_payment_enabled",
)


def _known_zone(name: str) -> None:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValidationError("time_zone_invalid") from None


def _timeout(value: int) -> None:
    low, high = TIMEOUT_MINUTES
    if not low <= value <= high:
        raise ValidationError("timeout_range")


SettingsInput = Body.from_dict(
    {
        "shop_name": name_field(120),
        **{name: text_field(longest) for name, longest in TEXTS.items()},
        **{
            name: money(metadata={"description": "NZD per kg (overseas) or per order (local)."})
            for name in MONEY
        },
        **{name: flag() for name in FLAGS},
        "shop_exchange_rate": MoneyInput(
            places=4,
            maximum=MAX_RATE,
            positive=True,
            invalid="rate_invalid",
            error_messages={"required": "rate_invalid", "null": "rate_invalid"},
            metadata={"description": "Yuan per New Zealand dollar, above 0, at most four decimals."},
        ),
        "language": fields.String(
            validate=validate.OneOf(["zh", "en"], error="language_invalid"),
            error_messages={"invalid": "language_invalid", "null": "language_invalid"},
        ),
        "time_zone": Text(
            validate=[validate.Length(max=64, error="time_zone_invalid"), _known_zone],
            error_messages={"invalid": "time_zone_invalid", "null": "time_zone_invalid"},
        ),
        # The shop's own address and hostnames (bff/settings/site_address.py checks them).
        "site_url": Text(
            validate=validate.Length(min=1, max=255, error="site_url_invalid"),
            error_messages={"invalid": "site_url_invalid", "null": "site_url_invalid"},
            metadata={
                "description": "The storefront's origin, e.g. https://shop.example.com (mails link to it)."
            },
        ),
        "hosts": fields.List(
            Text(validate=validate.Length(min=1, max=255, error="host_shape")),
            validate=validate.Length(min=1, max=20, error="hosts_count"),
            error_messages={"invalid": "hosts_count", "null": "hosts_count"},
            metadata={"description": "Every hostname that serves the shop (lower case, no port)."},
        ),
        # The dashboard's low stock and the owner's daily mail (bff/orders/today.py).
        "low_stock_threshold": WholeNumber(
            validate=validate.Range(min=0, max=LOW_STOCK_MAX, error="threshold_range"),
            error_messages={"invalid": "integer_invalid", "null": "required"},
            metadata={
                "description": "A stock row at or below this many units is low.",
                "minimum": 0,
                "maximum": LOW_STOCK_MAX,
            },
        ),
        "daily_report_enabled": flag(),
        "unpaid_order_timeout_minutes": WholeNumber(
            validate=_timeout,
            error_messages={"invalid": "integer_invalid", "null": "required"},
            metadata={
                "description": "Minutes an unpaid order holds its stock.",
                "minimum": TIMEOUT_MINUTES[0],
                "maximum": TIMEOUT_MINUTES[1],
            },
        ),
    },
    name="SettingsInput",
)


class AdminSettingsSchema(ShopInfoSchema):
    code = fields.String()
    site_url = fields.String()
    hosts = fields.Function(lambda shop: sorted(d.hostname for d in shop.domains))
    unpaid_order_timeout_minutes = fields.Integer()
    low_stock_threshold = fields.Integer()
    daily_report_enabled = fields.Boolean()
    version = fields.Integer(metadata={"description": "Send it back as If-Match (the ETag)."})


class SettingsResponse(Schema):
    settings = fields.Nested(AdminSettingsSchema)


class SettingsImageArgs(Schema):
    image = Upload(required=True, metadata={"description": "A JPEG, PNG, WebP or GIF picture, 8 MB at most."})


class ExchangeRateSchema(Schema):
    id = fields.Integer()
    at = UtcDateTime()
    rate = fields.Decimal(places=4, as_string=False)
    previous = fields.Decimal(places=4, as_string=False, allow_none=True)
    actor_id = fields.Integer(allow_none=True)
    actor_email = fields.String()


class ExchangeRatePage(PaginatorSchema):
    data = fields.List(fields.Nested(ExchangeRateSchema))


class ExchangeRateListResponse(Schema):
    rates = fields.Nested(ExchangeRatePage)
