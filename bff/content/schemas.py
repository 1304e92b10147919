from marshmallow import Schema, fields

from bff.common.html import RichHtml


class ArticleRefSchema(Schema):
    id = fields.Integer()
    title = fields.String()


class ArticleSchema(ArticleRefSchema):
    longText = RichHtml(attribute="long_text")


class ArticleListData(Schema):
    articles = fields.List(fields.Nested(ArticleRefSchema))


class ArticleListResponse(Schema):
    data = fields.Nested(ArticleListData)


class ArticleResponse(Schema):
    article = fields.Nested(ArticleSchema)
