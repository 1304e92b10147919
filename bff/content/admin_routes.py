"""The console's articles (`/api/admin/articles`): the footer's pages (delivery, returns, about
us...) with rich text, cleaned by the BFF; list, create, edit (If-Match), delete. The shop's
admin only; the calls are bff/admin_crud/'s."""

from marshmallow import Schema, fields
from werkzeug.exceptions import UnprocessableEntity

from bff.admin_crud.routes import Codes, Kind, crud_routes
from bff.common.arguments import Blueprint
from bff.common.field_errors import field_error_handler
from bff.common.form_fields import Body, integer, name_field, text_field
from bff.common.html import RichHtml
from bff.common.schemas import UtcDateTime
from bff.content.error_codes import ContentErrorCode
from bff.content.messages import is_key, text
from bff.content.models import Article
from bff.shops.context import current_shop

ARTICLE = Kind(
    model=Article,
    object_type="article",
    fields=("title", "long_text", "position"),
    not_found_key="article_not_found",
    paged=True,
)
CODES = Codes(
    not_found=ContentErrorCode.NOT_FOUND,
    validation=ContentErrorCode.VALIDATION,
    if_match_required=ContentErrorCode.IF_MATCH_REQUIRED,
    stale_version=ContentErrorCode.STALE_VERSION,
    in_use=None,
    text=text,
)


class ArticleInput(Body):
    title = name_field(255)
    long_text = text_field(
        200_000, load_default="", metadata={"description": "HTML; cleaned of anything but formatting."}
    )
    position = integer(-1_000_000, 1_000_000, load_default=0)


class AdminArticleSchema(Schema):
    id = fields.Integer()
    title = fields.String()
    long_text = RichHtml()
    position = fields.Integer()
    version = fields.Integer()
    updated_at = UtcDateTime()


blp = Blueprint(
    "admin_articles", __name__, url_prefix="/api/admin/articles", description="Admin: the footer's articles"
)
blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, ContentErrorCode.VALIDATION, lambda: current_shop().language)
)
crud_routes(blp, ARTICLE, CODES, ArticleInput, AdminArticleSchema, "article")
