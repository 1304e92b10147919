import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import select

from bff.accounts import services
from bff.accounts.passwords import Passwords
from bff.accounts.rules import password_problem
from bff.extensions import db
from bff.shops.models import Shop
from bff.shops.services import find_shop_by_host


@click.command("create-admin")
@click.option("--shop", "shop_ref", required=True, help="Shop code or one of its hostnames.")
@click.option("--email", required=True)
@click.option("--name", default="Admin", show_default=True)
@click.password_option(help="Prompted for when not given.")
@with_appcontext
def create_admin(shop_ref: str, email: str, name: str, password: str):
    """Create the admin account of a shop (or make an existing account its admin)."""
    shop = db.session.scalar(select(Shop).where(Shop.code == shop_ref))
    if shop is None:
        try:
            shop = find_shop_by_host(db.session, shop_ref)
        except Exception as exc:
            raise click.BadParameter(f"No shop with code or host {shop_ref!r}", param_hint="--shop") from exc
    if password_problem(password):
        raise click.BadParameter("8 to 20 letters and digits", param_hint="--password")
    user = services.create_admin(
        db.session, shop, Passwords.from_config(current_app.config), email=email, name=name, password=password
    )
    click.echo(f"Admin {user.email} of shop {shop.code} is ready; log in at /admin/login.")
