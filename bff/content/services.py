from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.common.errors import DomainError
from bff.content.error_codes import ContentErrorCode
from bff.content.messages import text
from bff.content.models import Article
from bff.shops.models import Shop


def list_articles(session: Session, shop: Shop) -> list[Article]:
    return list(
        session.scalars(
            select(Article).where(Article.shop_id == shop.id).order_by(Article.position, Article.id)
        )
    )


def get_article(session: Session, shop: Shop, article_id: int) -> Article:
    article = session.scalar(select(Article).where(Article.shop_id == shop.id, Article.id == article_id))
    if article is None:
        raise DomainError(ContentErrorCode.NOT_FOUND, text(shop.language, "article_not_found"))
    return article
