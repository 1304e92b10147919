from marshmallow import Schema, fields, validate

from bff.common.models import MAX_ID
from bff.common.schemas import MAX_PAGE, PaginatorSchema, Text, UtcDateTime, WholeNumber


class AuditArgs(Schema):
    object_type = Text(
        load_default=None, validate=validate.Length(max=32), metadata={"description": "e.g. product"}
    )
    object_id = WholeNumber(load_default=None, validate=validate.Range(min=1, max=MAX_ID))
    page = WholeNumber(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))


class AuditEntrySchema(Schema):
    id = fields.Integer()
    at = UtcDateTime()
    actor_id = fields.Integer(allow_none=True)
    actor_email = fields.String()
    action = fields.String(metadata={"description": "create, update, delete, hide, show, adjust_stock"})
    object_type = fields.String()
    object_id = fields.Integer()
    changes = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.Raw()),
        metadata={"description": "{field: [before, after]}; money as strings."},
    )
    note = fields.String()


class AuditPage(PaginatorSchema):
    data = fields.List(fields.Nested(AuditEntrySchema))


class AuditListResponse(Schema):
    entries = fields.Nested(AuditPage)
