"""WeChat commands for operators: `flask wechat ...`."""

import re

import click
from flask import current_app
from flask.cli import AppGroup

from bff.common.errors import DomainError
from bff.extensions import db
from bff.shops.services import find_shop_by_host
from bff.wechat.settings import (
    EVENT_FIELDS,
    PUBLIC_FIELDS,
    SECRET_FIELDS,
    TEMPLATE_EVENTS,
    configure,
    get_settings,
    keyword_input,
    normalise_keyword,
    view,
)

KEYWORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}")
wechat_cli = AppGroup("wechat", help="The shops' WeChat apps.")


@wechat_cli.command("configure")
@click.option("--shop", "host", required=True, help="A hostname of the shop (as in shop_domains).")
@click.option("--set", "values", multiple=True, metavar="FIELD=VALUE", help="A field (repeatable).")
def configure_command(host, values):
    """Set a shop's WeChat fields, e.g. `--set official_appid=wx... --set official_secret=...
    --set template.order_paid=... --set keyword.order_paid.amount=amount2`; secrets are stored
    encrypted and never printed."""
    try:
        shop = find_shop_by_host(db.session, host)
    except DomainError:
        raise click.ClickException(f"No shop on {host}.") from None
    data: dict = {}
    for item in values:
        name, _, value = item.partition("=")
        if name.startswith("template."):
            event = name.removeprefix("template.")
            if event not in TEMPLATE_EVENTS:
                raise click.BadParameter(f"{event}: one of {', '.join(TEMPLATE_EVENTS)}", param_hint="--set")
            data[f"template_{event}"] = value
        elif name.startswith("keyword."):
            event, _, field = name.removeprefix("keyword.").partition(".")
            if field not in EVENT_FIELDS.get(event, ()):
                raise click.BadParameter(f"{name}: keyword.<event>.<field> of a template", param_hint="--set")
            if value and not KEYWORD.fullmatch(normalise_keyword(value)):
                raise click.BadParameter(f"{name}: a template keyword, like thing2", param_hint="--set")
            data[keyword_input(event, field)] = value
        elif name in PUBLIC_FIELDS or name in SECRET_FIELDS:  # incl. verify_file_name, _text
            data[name] = value
        else:
            raise click.BadParameter(f"{name}: not a WeChat setting", param_hint="--set")
    keys = current_app.config["PAYMENT_SECRETS_KEY"]
    row = get_settings(db.session, shop)
    try:
        configure(db.session, shop, None, data, {row.version} if row else None, keys)
    except DomainError as exc:
        raise click.ClickException(exc.message) from None
    click.echo(view(get_settings(db.session, shop), keys))
