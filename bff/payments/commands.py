"""Payment commands for operators: `flask payments ...`."""

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from bff.common.errors import DomainError
from bff.extensions import db
from bff.payments import services
from bff.payments.provider_configs import KINDS, get_config, view
from bff.payments.provider_configs import configure as configure_provider
from bff.payments.providers import check_keys, shop_providers
from bff.payments.refunds import follow_refunds
from bff.shops.services import find_shop_by_host

payments_cli = AppGroup("payments", help="Payment providers and the settling of open orders.")


@payments_cli.command("settle")
def settle():
    """Ask the providers about every open order (a lost notification) and apply what they say;
    run before release-unpaid-orders, so a paid order is never released."""
    paid = services.settle_open_orders(db.session, lambda shop: shop_providers(db.session, shop))
    click.echo(f"Settled {len(paid)} paid order(s){': ' + ', '.join(paid) if paid else ''}.")
    ended = follow_refunds(db.session, lambda shop: shop_providers(db.session, shop))
    click.echo(f"Followed {len(ended)} refund(s) to their end{': ' + ', '.join(ended) if ended else ''}.")


@payments_cli.command("refresh-certificates")
def refresh_certificates():
    """Download every shop's WeChat Pay platform certificates from its account's host (one process
    on a schedule, e.g. daily: WeChat Pay lists a new certificate a day before it signs with it).
    Notifications never trigger a download (bff/payments/providers/wechat_keys.py)."""
    for shop, serials, error in services.refresh_all_certificates(db.session):
        if error:
            click.echo(f"shop {shop.id}: {error}", err=True)
        else:
            click.echo(f"shop {shop.id}: {len(serials)} certificate(s) held")


@payments_cli.command("configure")
@click.option("--shop", "host", required=True, help="A hostname of the shop (as in shop_domains).")
@click.option("--kind", required=True, type=click.Choice(list(KINDS)), help="The provider.")
@click.option("--set", "values", multiple=True, metavar="FIELD=VALUE", help="A field (repeatable).")
@click.option("--file", "files", multiple=True, metavar="FIELD=PATH", help="A field read from a file (keys).")
@click.option("--enable/--disable", default=None, help="Switch the provider on or off.")
def configure(host, kind, values, files, enable):
    """Set a shop's provider fields, e.g. `--kind wechat_pay --set mchid=1900000001 --set api=global
    --set merchant_category_code=5499 --file private_key=apiclient_key.pem --enable` (`api`: global,
    an overseas merchant charged in NZD, or domestic, a mainland one charged in yuan at the shop's
    rate); secrets are stored encrypted and never printed."""
    try:
        shop = find_shop_by_host(db.session, host)
    except DomainError:
        shop = None
    if shop is None:
        raise click.ClickException(f"No shop on {host}.")
    data = {}
    for item in values:
        name, _, value = item.partition("=")
        data[name.strip()] = value
    for item in files:
        name, _, path = item.partition("=")
        data[name.strip()] = Path(path).read_text()
    unknown = set(data) - {f.name for f in KINDS[kind]}
    if unknown:
        raise click.ClickException(f"Unknown field(s) for {kind}: {', '.join(sorted(unknown))}.")
    if enable is not None:
        data["enabled"] = enable
    keys = current_app.config["PAYMENT_SECRETS_KEY"]
    config = get_config(db.session, shop, kind)
    if_match = {config.version} if config else None
    try:
        configure_provider(db.session, shop, None, kind, data, if_match, keys, check_keys(shop))
    except DomainError as exc:
        raise click.ClickException(exc.message) from exc
    shown = view(kind, get_config(db.session, shop, kind), keys)
    secrets_set = ", ".join(name for name, is_set in shown["secrets_set"].items() if is_set) or "none"
    click.echo(f"{kind} of {host}: {'on' if shown['enabled'] else 'off'}; secrets set: {secrets_set}.")
