"""Order commands for operators, until the admin console exists."""

import click
from flask import current_app
from flask.cli import with_appcontext

from bff.common.errors import DomainError
from bff.extensions import db
from bff.orders import services
from bff.orders.release import release_and_mail


@click.command("release-unpaid-orders")
@with_appcontext
def release_unpaid_orders():
    """Cancel unpaid orders older than their shop's timeout and return their stock (run from cron)."""
    released = release_and_mail(current_app)
    click.echo(f"Released {len(released)} unpaid order(s){': ' + ', '.join(released) if released else ''}.")


@click.command("ship-order")
@click.argument("order_number")
@click.option("--company", required=True, help="Courier company.")
@click.option("--tracking", required=True, help="Tracking number.")
@with_appcontext
def ship_order(order_number, company, tracking):
    """Mark a paid order shipped (status completed) with its courier and tracking number."""
    try:
        order = services.ship_order(db.session, order_number, company, tracking)
    except DomainError as exc:
        raise click.ClickException(exc.message) from exc
    click.echo(f"Order {order.order_number} shipped by {order.shipping_company}, {order.tracking_number}.")
