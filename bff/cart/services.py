"""The member's cart. Stock is checked on every add; the cart outlives sessions (it is a table)."""

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, joinedload

from bff.accounts.models import User
from bff.cart.error_codes import CartErrorCode as Code
from bff.cart.messages import text
from bff.cart.models import CartLine, line_key
from bff.catalog.models import Product, ProductVariant
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.shops.models import Shop

MAX_LINES = 100
MAX_QUANTITY = 999


def active_product(session: Session, shop: Shop, product_id: int) -> Product:
    product = session.scalar(
        select(Product).where(Product.shop_id == shop.id, Product.id == product_id, Product.listed(utcnow()))
    )
    if product is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "product_not_found"))
    return product


def choose_variant(shop: Shop, product: Product, variant_id: int | None) -> ProductVariant | None:
    """The variant a line is for: required, and of this product, when the product has variants."""
    if not product.variants:
        if variant_id:
            raise DomainError(Code.VARIANT_REQUIRED, text(shop.language, "variant_required"))
        return None
    variant = next((v for v in product.variants if v.id == variant_id), None)
    if variant is None:
        raise DomainError(Code.VARIANT_REQUIRED, text(shop.language, "variant_required"))
    return variant


def list_cart(session: Session, shop: Shop, user: User) -> list[CartLine]:
    return list(
        session.scalars(
            select(CartLine)
            .join(Product, Product.id == CartLine.product_id)
            .where(CartLine.shop_id == shop.id, CartLine.user_id == user.id, Product.listed(utcnow()))
            .options(
                joinedload(CartLine.product).selectinload(Product.images),
                joinedload(CartLine.product).selectinload(Product.variants),
                joinedload(CartLine.variant),
            )
            .order_by(CartLine.id)
        ).unique()
    )


def add_to_cart(
    session: Session,
    shop: Shop,
    user: User,
    product_id: int,
    quantity: int,
    variant_id: int | None = None,
    set_quantity: bool = False,
) -> list[CartLine]:
    """Add `quantity` (a delta, may be negative) to the line, or set it when `set_quantity`.

    A line that reaches 0 is removed. Raising a line beyond the stock, or adding a sold-out
    item, changes nothing and says so; lowering a line is always allowed.
    """
    for attempt in range(2):
        try:
            _change_line(session, shop, user, product_id, quantity, variant_id, set_quantity)
            session.commit()
            break
        except IntegrityError:
            # The same line was inserted by a concurrent add (a double click): apply to it.
            session.rollback()
            if attempt:
                raise
    return list_cart(session, shop, user)


def _change_line(session, shop, user, product_id, quantity, variant_id, set_quantity) -> None:
    product = active_product(session, shop, product_id)
    variant = choose_variant(shop, product, variant_id)
    key = line_key(product.id, variant.id if variant else None)
    line = session.scalar(
        select(CartLine).where(CartLine.user_id == user.id, CartLine.line_key == key).with_for_update()
    )
    current = line.quantity if line else 0
    wanted = quantity if set_quantity else current + quantity
    if wanted > MAX_QUANTITY or (set_quantity and quantity < 0):
        raise DomainError(Code.VALIDATION, text(shop.language, "quantity_invalid"))
    stock = (variant or product).virtual_inventory
    if wanted > current:
        if stock <= 0:
            raise DomainError(Code.SOLD_OUT, text(shop.language, "sold_out"))
        if wanted > stock:
            raise DomainError(Code.EXCEEDS_STOCK, text(shop.language, "exceeds_stock", stock=stock))
    if wanted <= 0:
        if line is not None:
            session.delete(line)
        return
    if line is not None:
        line.quantity = wanted
        return
    count = session.scalar(select(func.count()).select_from(CartLine).where(CartLine.user_id == user.id))
    if count >= MAX_LINES:
        raise DomainError(Code.CART_FULL, text(shop.language, "cart_full"))
    session.add(
        CartLine(
            shop_id=shop.id,
            user_id=user.id,
            product_id=product.id,
            variant_id=variant.id if variant else None,
            line_key=key,
            quantity=wanted,
        )
    )
    session.flush()


def delete_line(session: Session, shop: Shop, user: User, line_id: int) -> list[CartLine]:
    """Remove one line of the member's cart; another member's line id is simply not found."""
    result = session.execute(
        delete(CartLine).where(
            CartLine.id == line_id, CartLine.user_id == user.id, CartLine.shop_id == shop.id
        )
    )
    session.commit()
    if result.rowcount == 0:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "product_not_found"))
    return list_cart(session, shop, user)


def clear_cart(session: Session, shop: Shop, user: User) -> list[CartLine]:
    session.execute(delete(CartLine).where(CartLine.user_id == user.id, CartLine.shop_id == shop.id))
    session.commit()
    return []


def clear_lines(session: Session, user: User, keys: list[str]) -> None:
    """Remove the lines an order took (no commit: part of the order's transaction)."""
    if keys:
        session.execute(delete(CartLine).where(CartLine.user_id == user.id, CartLine.line_key.in_(keys)))
