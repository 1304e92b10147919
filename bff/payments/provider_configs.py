"""A shop's own payment provider accounts, as its owner enters them (console or `flask payments
configure`): which fields each kind needs, saving them (secrets sealed, audit entry, stale edits
refused), and reading them back for the providers. No call ever answers a secret's value: views
say only which secret fields are set."""

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from bff.accounts.models import User
from bff.audit.models import AuditEntry
from bff.audit.services import Action, diff, json_value
from bff.common.encryption import seal, unseal
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.payments.error_codes import ProviderConfigErrorCode as Code
from bff.payments.messages import text
from bff.payments.models import PaymentProviderConfig
from bff.shops.models import Shop

OBJECT = "payment_provider"
SET = "(set)"  # what the audit log and the views show of a secret


@dataclass(frozen=True)
class FieldSpec:
    name: str
    secret: bool
    required: bool  # before the provider can be switched on
    choices: tuple[str, ...] = ()  # the values it takes, when a few


# WeChat Pay account kinds (bff/payments/providers/wechat_pay.py): an overseas merchant charges
# the prices' NZD through the overseas API; a mainland one charges yuan at the shop's rate.
WECHAT_APIS = ("global", "domestic")
ALIPAY_CURRENCIES = ("NZD", "CNY")  # cross-border (priced in NZD) | mainland (yuan)
# Antom's wallet (bff/payments/providers/antom.py): Alipay CN | the Alipay+ cashier (shopper picks).
ANTOM_WALLETS = ("ALIPAY_CN", "CONNECT_WALLET")


KINDS: dict[str, tuple[FieldSpec, ...]] = {
    "wechat_pay": (
        FieldSpec("mchid", False, True),  # 商户号
        FieldSpec("appid", False, True),  # the official account's AppID (公众号)
        FieldSpec("cert_serial_no", False, True),  # 商户API证书序列号
        FieldSpec("public_key_id", False, False),  # 微信支付公钥ID (with public_key)
        FieldSpec("private_key", True, True),  # 商户API证书私钥 (apiclient_key.pem)
        FieldSpec("apiv3_key", True, True),  # APIv3密钥 (32 characters)
        FieldSpec("public_key", True, False),  # 微信支付公钥 (or platform_certificate)
        FieldSpec("platform_certificate", True, False),  # 微信支付平台证书 (older merchants)
        FieldSpec("app_secret", True, False),  # the official account's AppSecret (openid for JSAPI)
        FieldSpec("api", False, True, WECHAT_APIS),  # global (overseas merchant) | domestic (mainland)
        FieldSpec("merchant_category_code", False, False),  # MCC (global: required)
    ),
    "alipay": (
        FieldSpec("app_id", False, True),  # 支付宝开放平台应用 APPID
        FieldSpec("seller_id", False, True),  # 商户PID (2088...): notifications must name it
        FieldSpec("app_private_key", True, True),  # 应用私钥 (RSA2)
        FieldSpec("alipay_public_key", True, True),  # 支付宝公钥
        FieldSpec("currency", False, False, ALIPAY_CURRENCIES),  # default NZD (cross-border)
    ),
    # Cards, Apple Pay and Google Pay on Stripe's hosted Checkout (bff/payments/providers/stripe_checkout.py).
    "stripe": (
        FieldSpec("secret_key", True, True),  # Dashboard > Developers > API keys: sk_live_...
        FieldSpec("webhook_secret", True, True),  # the webhook endpoint's signing secret: whsec_...
    ),
    # WeChat Pay through the acquirer Airwallex (bff/payments/providers/airwallex.py).
    "airwallex": (
        FieldSpec("client_id", False, True),  # Developer > API keys: Client ID
        FieldSpec("api_key", True, True),  # Developer > API keys: API key
        FieldSpec("webhook_key", True, True),  # Developer > Webhooks: the endpoint's secret
    ),
    # Alipay (and the Alipay+ wallets) through Antom (bff/payments/providers/antom.py).
    "antom": (
        FieldSpec("client_id", False, True),  # Antom Dashboard > Developer > Quick start: Client ID
        FieldSpec("merchant_private_key", True, True),  # the private key whose public half is uploaded
        FieldSpec("antom_public_key", True, True),  # Antom's public key (Dashboard > Developer)
        FieldSpec("wallet", False, False, ANTOM_WALLETS),  # default ALIPAY_CN
    ),
}


# What the owner's consoles call each field (WeChat Pay 商户平台, Alipay 开放平台), for errors and
# the go-live guide: (Chinese, English).
LABELS: dict[str, tuple[str, str]] = {
    "mchid": ("商户号", "Merchant ID (mchid)"),
    "appid": ("公众号 AppID", "Official account AppID"),
    "cert_serial_no": ("商户API证书序列号", "Merchant API certificate serial number"),
    "public_key_id": ("微信支付公钥ID", "WeChat Pay public key ID"),
    "private_key": ("商户API证书私钥", "Merchant API private key (apiclient_key.pem)"),
    "apiv3_key": ("APIv3密钥（32位）", "APIv3 key (32 characters)"),
    "public_key": ("微信支付公钥", "WeChat Pay public key"),
    "platform_certificate": ("微信支付平台证书", "WeChat Pay platform certificate"),
    "app_secret": ("公众号 AppSecret", "Official account AppSecret"),
    "api": ("商户类型（境外/境内）", "Account kind (overseas/mainland)"),
    "merchant_category_code": ("商户行业编码（MCC）", "Merchant category code (MCC)"),
    "app_id": ("支付宝应用 APPID", "Alipay app ID"),
    "seller_id": ("商户PID（2088开头）", "Merchant PID (starts 2088)"),
    "app_private_key": ("应用私钥（RSA2）", "App private key (RSA2)"),
    "alipay_public_key": ("支付宝公钥", "Alipay public key"),
    "currency": ("结算币种", "Currency"),
    "secret_key": ("Stripe 密钥（sk_live_ 开头）", "Stripe secret key (sk_live_...)"),
    "webhook_secret": ("Stripe Webhook 签名密钥（whsec_ 开头）", "Stripe webhook signing secret (whsec_...)"),
    "client_id": ("Client ID（客户端 ID）", "Client ID"),  # Airwallex's and Antom's
    "api_key": ("Airwallex API 密钥（API key）", "Airwallex API key"),
    "webhook_key": ("Airwallex Webhook 密钥", "Airwallex webhook secret"),
    "merchant_private_key": ("商户私钥（RSA2048）", "Merchant private key (RSA 2048)"),
    "antom_public_key": ("Antom 公钥", "Antom public key"),
    "wallet": ("钱包（支付宝 / Alipay+）", "Wallet (Alipay CN / Alipay+)"),
}


def label(language: str, name: str) -> str:
    zh, en = LABELS.get(name, (name, name))
    return en if language == "en" else zh


def _owner(shop_id: int, kind: str) -> str:
    return f"{shop_id}:{kind}"


def _invalid(language: str, field: str, key: str, **values) -> DomainError:
    message = text(language, key, **values)
    return DomainError(Code.VALIDATION, message, {field: [message]})


def get_config(session: Session, shop: Shop, kind: str) -> PaymentProviderConfig | None:
    if kind not in KINDS:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "provider_kind_unknown"))
    return session.scalar(
        select(PaymentProviderConfig).where(
            PaymentProviderConfig.shop_id == shop.id, PaymentProviderConfig.kind == kind
        )
    )


def secrets_of(config: PaymentProviderConfig, keys: str) -> dict[str, str]:
    return unseal(keys, _owner(config.shop_id, config.kind), config.secrets)


def view(kind: str, config: PaymentProviderConfig | None, keys: str) -> dict:
    """What the console sees of a provider: public fields, and only whether each secret is set."""
    specs = KINDS[kind]
    settings = config.settings if config else {}
    secrets = secrets_of(config, keys) if config else {}
    return {
        "kind": kind,
        "enabled": bool(config and config.enabled),
        "version": config.version if config else 0,
        "settings": {f.name: settings.get(f.name) for f in specs if not f.secret},
        "secrets_set": {f.name: bool(secrets.get(f.name)) for f in specs if f.secret},
    }


def list_views(session: Session, shop: Shop, keys: str) -> list[dict]:
    return [view(kind, get_config(session, shop, kind), keys) for kind in KINDS]


def required_fields(kind: str, api: str | None = None, by_public_key: bool = True) -> list[str]:
    """The fields an account of this kind needs before it can be switched on (the guide)."""
    names = [f.name for f in KINDS[kind] if f.required]
    if kind == "wechat_pay":
        names += ["public_key_id", "public_key"] if by_public_key else ["platform_certificate"]
        if api != "domestic":
            names.append("merchant_category_code")
    return names


def missing_fields(kind: str, settings: dict, secrets: dict) -> list[str]:
    values = {**settings, **secrets}
    missing = [f.name for f in KINDS[kind] if f.required and not values.get(f.name)]
    if kind == "wechat_pay":
        by_key = values.get("public_key") and values.get("public_key_id")
        if not by_key and not values.get("platform_certificate"):
            missing.append("public_key" if values.get("public_key_id") else "platform_certificate")
        if values.get("apiv3_key") and len(values["apiv3_key"].encode()) != 32:
            missing.append("apiv3_key")
        if values.get("api") == "global" and not values.get("merchant_category_code"):
            missing.append("merchant_category_code")
    return missing


def configure(
    session: Session,
    shop: Shop,
    actor: User | None,
    kind: str,
    data: dict,
    if_match: set[int] | None,
    keys: str,
    check_keys=None,
) -> PaymentProviderConfig:
    """Set fields of the shop's provider `kind` (an empty value clears a field; absent keeps it)
    and switch it on or off (`enabled`). `check_keys(kind, settings, secrets)` raises ValueError
    when the keys do not load. Needs If-Match once the provider exists."""
    language = shop.language
    config = get_config(session, shop, kind)
    if config is None:
        # Added to the session only once everything checks out: a refusal leaves nothing behind.
        config = PaymentProviderConfig(shop_id=shop.id, kind=kind, enabled=False, settings={}, secrets="")
        current = 0
    else:
        current = config.version
    problem = version_check(current, if_match, required=config.id is not None)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(Code.IF_MATCH_REQUIRED, text(language, "if_match_required"))
    if problem is VersionCheck.STALE:
        raise DomainError(Code.STALE_VERSION, text(language, "stale_version"))
    specs = {f.name: f for f in KINDS[kind]}
    settings = dict(config.settings or {})
    secrets = secrets_of(config, keys) if config.secrets else {}
    before = {**settings, **{name: SET for name in secrets}, "enabled": config.enabled}
    for name, value in data.items():
        if name not in specs:
            continue
        target = secrets if specs[name].secret else settings
        if value in (None, ""):
            target.pop(name, None)
            continue
        value = value.strip()
        if specs[name].choices and value not in specs[name].choices:
            choices = " | ".join(specs[name].choices)
            raise _invalid(language, name, "provider_choice", name=label(language, name), choices=choices)
        target[name] = value
    enabled = data.get("enabled", config.enabled)
    if enabled:
        missing = missing_fields(kind, settings, secrets)
        if missing:
            # In the owner's words, every missing field marked (not only the first).
            names = "、".join(label(language, name) for name in missing)
            message = text(language, "provider_incomplete", fields=names)
            field_errors = {name: [text(language, "provider_field_required")] for name in missing}
            raise DomainError(Code.VALIDATION, message, field_errors)
        if check_keys is not None:
            try:
                check_keys(kind, settings, secrets)
            except ValueError as exc:
                raise _invalid(language, "enabled", "provider_keys_invalid", reason=str(exc)[:200]) from None
    config.settings = settings
    config.secrets = seal(keys, _owner(shop.id, kind), secrets)
    config.enabled = bool(enabled)
    session.add(config)
    try:
        session.flush()
    except StaleDataError:
        session.rollback()
        raise DomainError(Code.STALE_VERSION, text(language, "stale_version")) from None
    after = {**settings, **{name: SET for name in secrets}, "enabled": config.enabled}
    session.add(
        AuditEntry(
            shop_id=shop.id,
            actor_id=actor.id if actor else None,
            actor_email=actor.email if actor else "flask payments configure",
            action=(Action.CREATE if current == 0 else Action.UPDATE).value,
            object_type=OBJECT,
            object_id=config.id,
            changes=json_value(diff(before, after)),
            note=kind,
        )
    )
    session.commit()
    return config


def all_configs(session: Session, shop: Shop) -> list[PaymentProviderConfig]:
    """The shop's saved providers, on or off (the console's test connection)."""
    query = select(PaymentProviderConfig).where(PaymentProviderConfig.shop_id == shop.id)
    rows = session.scalars(query).all()
    return [row for row in rows if row.kind in KINDS]


def enabled_configs(session: Session, shop: Shop) -> list[PaymentProviderConfig]:
    """The shop's switched-on providers, WeChat Pay first (most shoppers are inside WeChat)."""
    rows = session.scalars(
        select(PaymentProviderConfig).where(
            PaymentProviderConfig.shop_id == shop.id, PaymentProviderConfig.enabled.is_(True)
        )
    ).all()
    return sorted(rows, key=lambda row: list(KINDS).index(row.kind) if row.kind in KINDS else 99)
