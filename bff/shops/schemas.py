from marshmallow import Schema, fields

from bff.common.schemas import Flag, Money
from bff.media.schemas import MediaPath
from bff.shops.models import SHOP_IMAGE_FIELDS

_TEXTS = [
    "shop_name",
    "shop_description",
    "shop_slogan",
    "qq_number",
    "language",
    "time_zone",
    "site_url",
    "shop_incentive_title",
    "shop_incentive_name1",
    "shop_incentive_name2",
    "shop_incentive_name3",
    "shop_incentive_description1",
    "shop_incentive_description2",
    "shop_incentive_description3",
    "overseas_shipping_note",
    "local_shipping_note",
    "pick_up_note",
]
_MONEY = [
    "shipping_cost",
    "overseas_direct_special_area_shipping_fee",
    "local_shipping_cost",
    "out_auckland_local_shipping_fee",
]
_FLAGS = [
    "is_overseas_shipping",
    "is_overseas_id_required",
    "is_local_shipping",
    "is_pick_up",
    "is_direct_payment_enabled",
]

ShopInfoSchema = Schema.from_dict(
    {
        **{name: fields.String() for name in _TEXTS},
        **{name: MediaPath(allow_none=True) for name in SHOP_IMAGE_FIELDS},
        **{name: Money() for name in _MONEY},
        **{name: Flag() for name in _FLAGS},
        "shop_exchange_rate": fields.Decimal(places=4, as_string=False),
    },
    name="ShopInfo",
)


class ShopData(Schema):
    shop_info = fields.Nested(ShopInfoSchema)


class ShopResponse(Schema):
    data = fields.Nested(ShopData)
