"""The owner's payment provider settings: what is entered (secrets write-only) and what is shown
(public fields, and for each secret only whether it is set)."""

from marshmallow import Schema, fields, validate

from bff.common.schemas import Text
from bff.payments.provider_configs import KINDS

_PUBLIC = sorted({f.name for specs in KINDS.values() for f in specs if not f.secret})
_SECRET = sorted({f.name for specs in KINDS.values() for f in specs if f.secret})
CURRENCIES = ["NZD", "CNY", "AUD", "USD", ""]
ID_PATTERN = r"^[A-Za-z0-9_-]{0,64}$"  # merchant and app ids, serial numbers


def _public(name: str):
    if name == "currency":
        return fields.String(allow_none=True, validate=validate.OneOf(CURRENCIES))
    return Text(
        allow_none=True,
        validate=validate.Regexp(ID_PATTERN),
        metadata={"description": "Empty clears it.", "pattern": ID_PATTERN},
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
