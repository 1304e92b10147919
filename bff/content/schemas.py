from marshmallow import Schema, fields

from bff.common.html import RichHtml
from bff.common.schemas import UtcDateTime


class ArticleRefSchema(Schema):
    id = fields.Integer()
    title = fields.String()


class ArticleSchema(ArticleRefSchema):
    longText = RichHtml(attribute="long_text")
    created_at = UtcDateTime(metadata={"description": "When it was first published."})
    updated_at = UtcDateTime(metadata={"description": "When it last changed."})


class ArticleListData(Schema):
    articles = fields.List(fields.Nested(ArticleRefSchema))


class ArticleListResponse(Schema):
    data = fields.Nested(ArticleListData)


class ArticleResponse(Schema):
    article = fields.Nested(ArticleSchema)
