"""Staff notes and tags on orders (issue 25, item 5): what the shop's staff write about an order
for each other ("顾客要求周五后发货", a tag 加急). They belong to the console only: the shopper's
calls serialise orders with bff/orders/schemas.py, which has no such fields, and nothing of them
goes into a shopper's mail. The console's order search finds an order by a note's text or a tag.

Adding a note or changing the tags is in the audit log (who and what) but does not raise the
order's version: a note written while another admin ships the order conflicts with nothing.
"""

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.audit.services import Action, record
from bff.common.errors import DomainError
from bff.orders import transitions
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.messages import text
from bff.orders.models import OrderNote, OrderTag
from bff.orders.numbers import normalise_order_number
from bff.shops.models import Shop

MAX_NOTE = 2000
MAX_TAG = 40
MAX_TAGS = 10


def notes_of(session: Session, order_id: int) -> list[OrderNote]:
    return list(
        session.scalars(select(OrderNote).where(OrderNote.order_id == order_id).order_by(OrderNote.id))
    )


def tags_of(session: Session, order_ids: list[int]) -> dict[int, list[str]]:
    """Each order's tags, sorted."""
    found: dict[int, list[str]] = {order_id: [] for order_id in order_ids}
    if order_ids:
        rows = session.execute(
            select(OrderTag.order_id, OrderTag.tag)
            .where(OrderTag.order_id.in_(order_ids))
            .order_by(OrderTag.tag)
        )
        for order_id, tag in rows:
            found[order_id].append(tag)
    return found


def _invalid(shop: Shop, name: str, key: str, **values) -> DomainError:
    message = text(shop.language, key, **values)
    return DomainError(Code.VALIDATION, message, {name: [message]})


def add_note(session: Session, shop: Shop, actor: User, order_number: str, body: str) -> None:
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    body = (body or "").strip()
    if not body:
        raise _invalid(shop, "body", "note_required")
    session.add(
        OrderNote(shop_id=shop.id, order_id=order.id, author_id=actor.id, author_email=actor.email, body=body)
    )
    record(session, shop, actor, Action.UPDATE, "order", order.id, {"note": [None, body]}, note="note")
    session.commit()


def clean_tags(shop: Shop, tags: list[str]) -> list[str]:
    """Trimmed, blanks and repeats dropped (case kept, compared without case), checked."""
    kept: dict[str, str] = {}
    for tag in tags:
        tag = " ".join((tag or "").split())
        if not tag:
            continue
        if len(tag) > MAX_TAG or "," in tag or "，" in tag:
            raise _invalid(shop, "tags", "tag_invalid", n=MAX_TAG)
        kept.setdefault(tag.casefold(), tag)
    if len(kept) > MAX_TAGS:
        raise _invalid(shop, "tags", "too_many_tags", n=MAX_TAGS)
    return sorted(kept.values())


def set_tags(session: Session, shop: Shop, actor: User, order_number: str, tags: list[str]) -> None:
    """The order's tags become `tags`."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    wanted = clean_tags(shop, tags)
    before = tags_of(session, [order.id])[order.id]
    if before == wanted:
        return
    session.execute(delete(OrderTag).where(OrderTag.order_id == order.id))
    session.add_all(OrderTag(shop_id=shop.id, order_id=order.id, tag=tag) for tag in wanted)
    record(session, shop, actor, Action.UPDATE, "order", order.id, {"tags": [before, wanted]}, note="tags")
    session.commit()
