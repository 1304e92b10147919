"""The owner's payment provider settings: what is entered (secrets write-only) and what is shown
(public fields, and for each secret only whether it is set)."""

from marshmallow import Schema, fields, validate

from bff.common.schemas import Text
from bff.payments.methods import METHODS, kinds_for
from bff.payments.provider_configs import KINDS

_PUBLIC = sorted({f.name for specs in KINDS.values() for f in specs if not f.secret})
_SECRET = sorted({f.name for specs in KINDS.values() for f in specs if f.secret})
_CHOICES = {f.name: f.choices for specs in KINDS.values() for f in specs if f.choices}
ID_PATTERN = r"^[A-Za-z0-9_-]{0,64}$"  # merchant and app ids, serial numbers
_DESCRIPTIONS = {
    "api": "WeChat Pay: `global`, an overseas (cross-border) merchant account, charges the order's "
    "NZD total through WeChat Pay's overseas API; `domestic`, a mainland account, charges yuan: "
    "the NZD total at the shop's exchange rate, rounded half up to the fen, fixed when the payment "
    "starts. Required before switching WeChat Pay on. Empty clears it.",
    "merchant_category_code": "WeChat Pay `global`: the merchant category code (MCC) WeChat Pay "
    "gave the account; required before switching it on. Empty clears it.",
    "currency": "Alipay: `NZD` (default), a cross-border account priced in NZD (`trans_currency`); "
    "`CNY`, a mainland account: yuan at the shop's rate, fixed when the payment starts. Empty "
    "clears it.",
}


def _public(name: str):
    if name in _CHOICES:
        return fields.String(
            allow_none=True,
            validate=validate.OneOf([*_CHOICES[name], ""]),
            metadata={"description": _DESCRIPTIONS.get(name, "Empty clears it.")},
        )
    return Text(
        allow_none=True,
        validate=validate.Regexp(ID_PATTERN),
        metadata={"description": _DESCRIPTIONS.get(name, "Empty clears it."), "pattern": ID_PATTERN},
    )


# Fields of either kind are accepted (a field of the other kind is ignored), so one form serves both.
ProviderInput = Schema.from_dict(
    {
        "enabled": fields.Boolean(metadata={"description": "Offer this provider (its required fields set)."}),
        **{name: _public(name) for name in _PUBLIC},
        **{
            name: Text(
                allow_none=True,
                load_only=True,
                validate=validate.Length(max=8000),
                metadata={"description": "Write-only (never answered); empty clears it."},
            )
            for name in _SECRET
        },
    },
    name="PaymentProviderInput",
)


class ProviderView(Schema):
    kind = fields.String()
    enabled = fields.Boolean()
    version = fields.Integer(metadata={"description": "Also the ETag; 0 before the first save."})
    settings = fields.Dict(keys=fields.String(), values=fields.String(allow_none=True))
    secrets_set = fields.Dict(keys=fields.String(), values=fields.Boolean())


class ProviderListResponse(Schema):
    providers = fields.List(fields.Nested(ProviderView))


class ProviderResponse(Schema):
    provider = fields.Nested(ProviderView)


class GuideField(Schema):
    name = fields.String()
    label = fields.String(
        metadata={"description": "In the shop's language, as the provider's console names it"}
    )
    secret = fields.Boolean()
    required_for = fields.List(
        fields.String(),
        metadata={"description": "The account kinds (WeChat Pay `api`, Alipay `currency`) that need it"},
    )


class GuideEntry(Schema):
    label = fields.String()
    value = fields.String()


class GuideResponse(Schema):
    kind = fields.String()
    fields_ = fields.List(fields.Nested(GuideField), data_key="fields")
    register = fields.List(
        fields.Nested(GuideEntry),
        metadata={"description": "Notify URLs and domains to enter at the provider"},
    )


class ConnectionResponse(Schema):
    ok = fields.Boolean()
    message = fields.String(metadata={"description": "In plain words, in the shop's language"})


# The owner's provider per payment method (bff/payments/admin_method_routes.py).
MethodChoicesMap = Schema.from_dict(
    {
        method: fields.String(
            allow_none=True,
            validate=validate.OneOf([*kinds_for(method), ""]),
            metadata={"description": f"The provider kind serving {method}; empty: the default."},
        )
        for method in METHODS
    },
    name="PaymentMethodChoices",
)


class MethodChoicesInput(Schema):
    choices = fields.Nested(MethodChoicesMap, required=True)


class MethodChoiceView(Schema):
    method = fields.String()
    provider = fields.String(
        allow_none=True, metadata={"description": "The owner's choice; none: the default"}
    )
    serving = fields.String(
        allow_none=True,
        metadata={"description": "The switched-on provider that serves it now; none: not offered"},
    )
    options = fields.List(fields.String(), metadata={"description": "The provider kinds that can serve it"})


class MethodChoicesResponse(Schema):
    version = fields.Integer(metadata={"description": "Also the ETag; 0 before the first save."})
    methods = fields.List(fields.Nested(MethodChoiceView))
