from marshmallow import Schema, fields


class ArticleRefSchema(Schema):
    id = fields.Integer()
    title = fields.String()


class ArticleSchema(ArticleRefSchema):
    longText = fields.String(attribute="long_text", metadata={"description": "Sanitised HTML."})


class ArticleListData(Schema):
    articles = fields.List(fields.Nested(ArticleRefSchema))


class ArticleListResponse(Schema):
    data = fields.Nested(ArticleListData)


class ArticleResponse(Schema):
    article = fields.Nested(ArticleSchema)
