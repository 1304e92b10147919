"""Demo member levels and accounts, so member prices can be seen (and tested) on `make start`.

Keyed on level name and email: existing rows are left alone, so this also fills in shops
seeded before members existed. The passwords are public demo values; never seed them into a
real shop.
"""

from decimal import Decimal

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.accounts.models import MemberLevel, User
from bff.accounts.passwords import Passwords
from bff.accounts.services import normalise_email
from bff.shops.models import Shop


def seed_members(session: Session, shop: Shop, data: dict) -> int:
    """Create the missing levels and members of `data`; returns how many members were added."""
    levels = {}
    for spec in data.get("member_levels", []):
        level = session.scalar(
            select(MemberLevel).where(MemberLevel.shop_id == shop.id, MemberLevel.name == spec["name"])
        )
        if level is None:
            level = MemberLevel(
                shop_id=shop.id, name=spec["name"], discount_percent=Decimal(str(spec["discount_percent"]))
            )
            session.add(level)
            session.flush()
        levels[spec["name"]] = level

    passwords = Passwords.from_config(current_app.config)
    added = 0
    for spec in data.get("members", []):
        email = normalise_email(spec["email"])
        if session.scalar(select(User.id).where(User.shop_id == shop.id, User.email == email)):
            continue
        level = levels.get(spec.get("level"))
        session.add(
            User(
                shop_id=shop.id,
                email=email,
                name=spec["name"],
                password_hash=passwords.hash(spec["password"]),
                member_level_id=level.id if level else None,
                is_special_member=bool(spec.get("is_special_member")),
                group_name=spec.get("group"),
                is_admin=bool(spec.get("is_admin")),
            )
        )
        added += 1
    session.commit()
    return added
