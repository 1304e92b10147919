"""Payment commands for operators: `flask payments ...`."""

import click
from flask.cli import AppGroup

from bff.extensions import db
from bff.payments import services
from bff.payments.providers import shop_providers

payments_cli = AppGroup("payments", help="Payment providers and the settling of open orders.")


@payments_cli.command("settle")
def settle():
    """Ask the providers about every open order (a lost notification) and apply what they say;
    run before release-unpaid-orders, so a paid order is never released."""
    paid = services.settle_open_orders(db.session, lambda shop: shop_providers(db.session, shop))
    click.echo(f"Settled {len(paid)} paid order(s){': ' + ', '.join(paid) if paid else ''}.")
