from flask.views import MethodView

from bff.common.arguments import Blueprint
from bff.common.models import ID
from bff.content import schemas, services
from bff.extensions import db
from bff.shops.context import current_shop

blp = Blueprint("content", __name__, url_prefix="/api", description="Articles (footer pages)")


@blp.route("/article")
class Articles(MethodView):
    @blp.response(200, schemas.ArticleListResponse)
    def get(self):
        """Titles of the shop's articles, for the footer."""
        return {"data": {"articles": services.list_articles(db.session, current_shop())}}


@blp.route(f"/article/<{ID}:article_id>")
class ArticleDetail(MethodView):
    @blp.response(200, schemas.ArticleResponse)
    def get(self, article_id):
        """One article with its sanitised HTML body."""
        return {"article": services.get_article(db.session, current_shop(), article_id)}
