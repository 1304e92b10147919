"""The member's wish list: adding twice or removing what is not there changes nothing."""

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, contains_eager

from bff.accounts.models import User
from bff.cart.services import active_product
from bff.catalog.models import Product
from bff.catalog.sorting import Sort, order_by
from bff.common.models import utcnow
from bff.common.pagination import Page, paginate
from bff.favorites.models import Favorite
from bff.shops.models import Shop


def _favorites(shop: Shop, user: User):
    return (
        select(Favorite)
        .join(Favorite.product)
        .where(Favorite.shop_id == shop.id, Favorite.user_id == user.id, Product.listed(utcnow()))
        .options(
            contains_eager(Favorite.product).selectinload(Product.images),
            contains_eager(Favorite.product).selectinload(Product.variants),
        )
    )


def list_favorites(session: Session, shop: Shop, user: User, sort: Sort, page: int, per_page: int) -> Page:
    return paginate(session, _favorites(shop, user).order_by(*order_by(sort)), page, per_page)


def all_favorites(session: Session, shop: Shop, user: User) -> list[Favorite]:
    stmt = _favorites(shop, user).order_by(Favorite.created_at.desc(), Favorite.id.desc())
    return list(session.scalars(stmt).unique())


def add_favorite(session: Session, shop: Shop, user: User, product_id: int) -> list[Favorite]:
    product = active_product(session, shop, product_id)
    exists = session.scalar(
        select(Favorite.id).where(Favorite.user_id == user.id, Favorite.product_id == product.id)
    )
    if exists is None:
        try:
            session.add(Favorite(shop_id=shop.id, user_id=user.id, product_id=product.id))
            session.commit()
        except IntegrityError:
            session.rollback()  # added at the same moment by another request: already there
    return all_favorites(session, shop, user)


def remove_favorite(session: Session, shop: Shop, user: User, product_id: int) -> list[Favorite]:
    session.execute(
        delete(Favorite).where(
            Favorite.shop_id == shop.id, Favorite.user_id == user.id, Favorite.product_id == product_id
        )
    )
    session.commit()
    return all_favorites(session, shop, user)
