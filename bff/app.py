"""The application factory: the one place that knows every domain."""

from flask import Flask

# Every domain's models are imported here, so the metadata (and Alembic autogenerate) sees them all.
import bff.accounts.models  # noqa: F401
import bff.addresses.models  # noqa: F401
import bff.audit.models  # noqa: F401
import bff.cart.models  # noqa: F401
import bff.catalog.models  # noqa: F401
import bff.content.models  # noqa: F401
import bff.favorites.models  # noqa: F401
import bff.orders.models  # noqa: F401
import bff.payments.models  # noqa: F401
import bff.payments.refunds  # noqa: F401
import bff.promotions.models  # noqa: F401
import bff.shops.models  # noqa: F401
from bff.accounts import auth, decorators, outbox
from bff.accounts.audit_routes import blp as admin_audit
from bff.accounts.commands import create_admin
from bff.accounts.console_routes import blp as console_people
from bff.accounts.routes import blp as accounts
from bff.addresses.routes import blp as addresses
from bff.cart.routes import blp as cart
from bff.catalog import answer_cache, versions
from bff.catalog.admin_bulk_routes import blp as admin_catalog_bulk
from bff.catalog.admin_routes import blp as admin_catalog
from bff.catalog.admin_taxonomy_routes import banners as admin_banners
from bff.catalog.admin_taxonomy_routes import brands as admin_brands
from bff.catalog.admin_taxonomy_routes import categories as admin_categories
from bff.catalog.commands import reindex_search
from bff.catalog.member_routes import blp as member_catalog
from bff.catalog.models import (
    POSTGRES_ONLY_COLUMNS,
    POSTGRES_ONLY_INDEXES,
    POSTGRES_ONLY_TABLES,
    SQLITE_ONLY_TABLE_PREFIX,
)
from bff.catalog.routes import blp as catalog
from bff.common import encryption, request_checks
from bff.common.arguments import register_converters
from bff.common.limits import limiter
from bff.common.schemas import ErrorSchema
from bff.config import ROOT, Config
from bff.content.admin_routes import blp as admin_articles
from bff.content.routes import blp as content
from bff.customers.admin_routes import blp as admin_customers
from bff.demo.commands import seed_demo
from bff.errors import register_error_handlers
from bff.extensions import api, db, jwt, migrate
from bff.favorites.routes import blp as favorites
from bff.json import DecimalJSONProvider
from bff.media.commands import media_cli
from bff.media.routes import bp as media
from bff.ops import api_docs, health, metrics, request_log, security_headers
from bff.orders.admin_claim_routes import blp as admin_order_claims
from bff.orders.admin_id_number_routes import blp as admin_order_id_numbers
from bff.orders.admin_note_routes import blp as admin_order_notes
from bff.orders.admin_routes import blp as admin_orders
from bff.orders.admin_shipping_routes import blp as admin_order_shipping
from bff.orders.claim_routes import blp as order_claims
from bff.orders.commands import release_unpaid_orders, ship_order
from bff.orders.numbers import OrderNumberConverter, order_number_param_schema
from bff.orders.routes import blp as orders
from bff.payments.admin_method_routes import blp as admin_payment_methods
from bff.payments.admin_refund_routes import blp as admin_refunds
from bff.payments.admin_routes import blp as admin_payments
from bff.payments.commands import payments_cli
from bff.payments.routes import blp as payments
from bff.payments.services import close_stale_trades, close_trades_of
from bff.privacy.commands import reencrypt_personal_data
from bff.privacy.routes import blp as privacy
from bff.promotions.admin_routes import codes as admin_discount_codes
from bff.promotions.admin_routes import free_shipping as admin_free_shipping
from bff.promotions.admin_routes import tiers as admin_spend_tiers
from bff.settings.admin_routes import blp as admin_settings
from bff.shops import context as shop_context
from bff.shops.routes import blp as shops
from bff.wechat import tokens as wechat_tokens
from bff.wechat.admin_routes import blp as admin_wechat
from bff.wechat.commands import wechat_cli
from bff.wechat.routes import blp as wechat
from bff.wechat.signin_routes import blp as wechat_signin

MIGRATIONS_DIR = str(ROOT / "db" / "migrations")


def _compared(obj, name, type_, reflected, compare_to) -> bool:
    """Alembic compares models and database on everything but the PostgreSQL-only indexes,
    columns and table and SQLite's full-text index."""
    return not (
        (type_ == "index" and name in POSTGRES_ONLY_INDEXES)
        or (type_ == "column" and name in POSTGRES_ONLY_COLUMNS)
        or (type_ == "table" and name in POSTGRES_ONLY_TABLES)
        or (type_ == "table" and name.startswith(SQLITE_ONLY_TABLE_PREFIX))
    )


# Batch mode lets later migrations alter tables on SQLite too.
MIGRATE_OPTIONS = {"render_as_batch": True, "compare_type": True, "include_object": _compared}


def create_app(config: Config | None = None) -> Flask:
    app = Flask(__name__)
    app.json_provider_class = DecimalJSONProvider
    app.json = DecimalJSONProvider(app)
    app.config.from_object(config or Config())
    # Every path answers with or without its trailing slash (the contract writes `new/?sort=`).
    app.url_map.strict_slashes = False
    # First, so that every answer (even one a later hook gives) is logged with its request id.
    request_log.init_app(app)
    metrics.init_app(app)

    db.init_app(app)
    encryption.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS_DIR, **MIGRATE_OPTIONS)
    jwt.init_app(app)
    api.ERROR_SCHEMA = ErrorSchema  # the real shape: `code` is a string
    api.init_app(app)
    # Before any route is added.
    register_converters(app, api, {"order_number": (OrderNumberConverter, order_number_param_schema)})
    request_checks.init_app(app)
    api.spec.components.security_scheme(
        "bearerAuth", {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}
    )

    for blueprint in (
        shops,
        catalog,
        member_catalog,
        content,
        accounts,
        cart,
        favorites,
        addresses,
        orders,
        payments,
        admin_catalog_bulk,
        privacy,
        admin_catalog,
        admin_categories,
        admin_brands,
        admin_banners,
        admin_articles,
        admin_audit,
        admin_settings,
        admin_orders,
        admin_refunds,
        admin_customers,
        admin_payments,
        admin_payment_methods,
        admin_order_id_numbers,
        admin_order_shipping,
        order_claims,
        admin_order_claims,
        admin_order_notes,
        wechat,
        wechat_signin,
        admin_wechat,
        admin_discount_codes,
        admin_spend_tiers,
        admin_free_shipping,
        console_people,
    ):
        api.register_blueprint(blueprint)
    app.register_blueprint(media)
    app.register_blueprint(health.bp)
    app.register_blueprint(api_docs.blp)
    security_headers.init_app(app)
    shop_context.init_app(app)
    versions.init_app(app)
    versions.watch_writes()
    answer_cache.init_app(app)
    limiter.init_app(app)
    auth.init_app(app)
    decorators.init_console_roles(app)
    outbox.init_app(app)
    wechat_tokens.init_app(app)

    register_error_handlers(app)
    # Orders' hooks (orders may not import payments): the open trades closed before stock goes back.
    app.extensions["before_release"] = [close_stale_trades]
    app.extensions["before_cancel"] = [close_trades_of]
    for command in (
        seed_demo,
        create_admin,
        release_unpaid_orders,
        ship_order,
        reindex_search,
        payments_cli,
        reencrypt_personal_data,
        media_cli,
        wechat_cli,
    ):
        app.cli.add_command(command)
    return app
