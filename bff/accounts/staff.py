"""The console's people: the owner invites staff by email with a role (bff/accounts/roles.py),
changes their role and removes them. Every step is in the audit log under the owner's name.

An invitation is a link (`{origin}/admin/join?token=...`) mailed through the outbox (queued in
the invitation's transaction; the row's values, the token among them, are wiped once sent),
good once until STAFF_INVITATION_HOURS (72) have passed; only the token's SHA-256 is kept. The
invited person chooses their name and password on that page and becomes a console user of the
shop with the role. An address that already has an account at the shop cannot be invited (it
would mix a shopper's account with the console). Removing a person blocks the account and ends
every session of it at once.
"""

import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts import outbox
from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.messages import text
from bff.accounts.models import StaffInvitation, User, UserSession
from bff.accounts.passwords import Passwords
from bff.accounts.roles import OWNER, STAFF_ROLES, Role, role_of
from bff.accounts.services import find_user, normalise_email, sha256
from bff.audit.services import Action, record
from bff.common.errors import DomainError
from bff.common.models import as_utc, utcnow
from bff.shops.models import Shop

INVITATION_MAIL = "staff_invitation"


@dataclass
class StaffList:
    people: list[User]
    invitations: list[StaffInvitation]


def list_staff(session: Session, shop: Shop) -> StaffList:
    people = session.scalars(
        select(User).where(User.shop_id == shop.id, User.is_admin.is_(True)).order_by(User.id)
    ).all()
    now = utcnow()
    invitations = [
        i
        for i in session.scalars(
            select(StaffInvitation)
            .where(
                StaffInvitation.shop_id == shop.id,
                StaffInvitation.accepted_at.is_(None),
                StaffInvitation.revoked_at.is_(None),
            )
            .order_by(StaffInvitation.id)
        )
        if as_utc(i.expires_at) > now
    ]
    return StaffList(list(people), invitations)


def _role(shop: Shop, value: str) -> Role:
    try:
        role = Role(value)
    except ValueError:
        role = None
    if role not in STAFF_ROLES:
        message = text(shop.language, "invalid_request")
        raise DomainError(AccountErrorCode.VALIDATION, message, {"role": [message]})
    return role


def invitation_link(origin: str, token: str) -> str:
    return f"{origin}/admin/join?{urlencode({'token': token})}"


def invite(
    session: Session, shop: Shop, owner: User, email: str, role: str, lifetime: timedelta, origin: str
) -> tuple[StaffInvitation, str]:
    """Invite `email` with `role`; the invitation and its mail's row in one transaction."""
    role = _role(shop, role)
    email = normalise_email(email)
    if find_user(session, shop, email) is not None:
        message = text(shop.language, "staff_email_taken")
        raise DomainError(AccountErrorCode.STAFF_CONFLICT, message, {"email": [message]})
    token = secrets.token_urlsafe(32)
    now = utcnow()
    invitation = StaffInvitation(
        shop_id=shop.id,
        email=email,
        role=role.value,
        token_hash=sha256(token),
        invited_by_id=owner.id,
        created_at=now,
        expires_at=now + lifetime,
    )
    session.add(invitation)
    session.flush()
    hours = str(int(lifetime.total_seconds() // 3600))
    # The mail's row names the inviting owner (the outbox's member); it goes to the address invited.
    outbox.enqueue(
        session,
        shop_id=shop.id,
        user_id=owner.id,
        kind=INVITATION_MAIL,
        invitation_id=str(invitation.id),
        link=invitation_link(origin, token),
        hours=hours,
    )
    record(
        session,
        shop,
        owner,
        Action.INVITE_STAFF,
        "staff_invitation",
        invitation.id,
        {"email": [None, email], "role": [None, role.value]},
    )
    session.commit()
    return invitation, token


@outbox.composer(INVITATION_MAIL)
def _write_invitation(session: Session, row: outbox.OutboxMail) -> outbox.Letter | None:
    shop = session.get(Shop, row.shop_id)
    invitation = session.get(StaffInvitation, int(row.payload.get("invitation_id") or 0))
    owner = session.get(User, row.user_id)
    if shop is None or invitation is None or invitation.revoked_at is not None or invitation.accepted_at:
        return None
    role = text(shop.language, f"role_{invitation.role}")
    body = text(
        shop.language,
        "invitation_mail_body",
        inviter=(owner.name or owner.email) if owner else shop.shop_name,
        role=role,
        shop=shop.shop_name,
        hours=row.payload.get("hours", "72"),
        link=row.payload["link"],
    )
    subject = text(shop.language, "invitation_mail_subject", shop=shop.shop_name)
    return outbox.Letter(to=invitation.email, subject=subject, body=body, sender_name=shop.shop_name)


def revoke_invitation(session: Session, shop: Shop, owner: User, invitation_id: int) -> None:
    invitation = session.scalar(
        select(StaffInvitation).where(StaffInvitation.id == invitation_id, StaffInvitation.shop_id == shop.id)
    )
    if invitation is None or invitation.accepted_at is not None:
        raise DomainError(AccountErrorCode.STAFF_NOT_FOUND, text(shop.language, "staff_not_found"))
    if invitation.revoked_at is None:
        invitation.revoked_at = utcnow()
        record(
            session,
            shop,
            owner,
            Action.REMOVE_STAFF,
            "staff_invitation",
            invitation.id,
            {"email": [invitation.email, None]},
        )
    session.commit()


def _open_invitation(session: Session, shop: Shop, token: str) -> StaffInvitation:
    invitation = session.scalar(
        select(StaffInvitation).where(
            StaffInvitation.shop_id == shop.id, StaffInvitation.token_hash == sha256(token or "")
        )
    )
    if (
        invitation is None
        or invitation.accepted_at is not None
        or invitation.revoked_at is not None
        or as_utc(invitation.expires_at) <= utcnow()
    ):
        raise DomainError(AccountErrorCode.INVITATION_INVALID, text(shop.language, "invitation_invalid"))
    return invitation


def invitation_of(session: Session, shop: Shop, token: str) -> StaffInvitation:
    """The open invitation a link names (to show its address and role), else 400."""
    return _open_invitation(session, shop, token)


def accept(session: Session, shop: Shop, passwords: Passwords, token: str, name: str, password: str) -> User:
    """Join the console with the invitation's role, under a name and password of one's own."""
    password_hash = passwords.hash(password)
    invitation = _open_invitation(session, shop, token)
    taken = session.execute(
        update(StaffInvitation)
        .where(StaffInvitation.id == invitation.id, StaffInvitation.accepted_at.is_(None))
        .values(accepted_at=utcnow())
        .execution_options(synchronize_session=False)
    ).rowcount
    if taken != 1 or find_user(session, shop, invitation.email) is not None:
        session.rollback()
        raise DomainError(AccountErrorCode.INVITATION_INVALID, text(shop.language, "invitation_invalid"))
    user = User(
        shop_id=shop.id,
        email=invitation.email,
        name=name.strip(),
        password_hash=password_hash,
        is_admin=True,
        role=invitation.role,
    )
    session.add(user)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        raise DomainError(
            AccountErrorCode.INVITATION_INVALID, text(shop.language, "invitation_invalid")
        ) from None
    record(session, shop, user, Action.JOIN_STAFF, "user", user.id, {"role": [None, invitation.role]})
    session.commit()
    return user


def _person(session: Session, shop: Shop, user_id: int) -> User:
    person = session.scalar(
        select(User).where(User.id == user_id, User.shop_id == shop.id, User.is_admin.is_(True))
    )
    if person is None:
        raise DomainError(AccountErrorCode.STAFF_NOT_FOUND, text(shop.language, "staff_not_found"))
    if role_of(person) is OWNER:
        raise DomainError(AccountErrorCode.STAFF_CONFLICT, text(shop.language, "staff_owner"))
    return person


def change_role(session: Session, shop: Shop, owner: User, user_id: int, role: str) -> User:
    person = _person(session, shop, user_id)
    new = _role(shop, role)
    if person.role != new.value:
        record(
            session, shop, owner, Action.CHANGE_ROLE, "user", person.id, {"role": [person.role, new.value]}
        )
        person.role = new.value
    session.commit()
    return person


def remove(session: Session, shop: Shop, owner: User, user_id: int) -> None:
    """The person leaves the console: blocked, every session ended at once."""
    person = _person(session, shop, user_id)
    now = utcnow()
    if person.blocked_at is None:
        person.blocked_at = now
        session.execute(
            update(UserSession)
            .where(UserSession.user_id == person.id, UserSession.revoked_at.is_(None))
            .values(revoked_at=now)
        )
        record(session, shop, owner, Action.REMOVE_STAFF, "user", person.id, {"role": [person.role, None]})
    session.commit()


def set_two_factor_rule(session: Session, shop: Shop, owner: User, required: bool) -> Shop:
    """The owner's rule that owners and managers sign in with a second factor; the owner's own
    must be on first, so that turning it on never shuts the owner out."""
    if required and owner.totp_enabled_at is None:
        raise DomainError(
            AccountErrorCode.TWO_FACTOR_CONFLICT, text(shop.language, "two_factor_setup_required")
        )
    if bool(shop.two_factor_required) != required:
        record(
            session,
            shop,
            owner,
            Action.UPDATE,
            "shop",
            shop.id,
            {"two_factor_required": [not required, required]},
        )
        shop.two_factor_required = required
    session.commit()
    return shop
