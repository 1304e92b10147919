"""Configuration, read from the environment in this one module.

Every setting has a safe default for the embedded set-up (`make start`): a SQLite file
and media under `var/`, and secret keys generated into `var/` on first start.
"""

import base64
import os
import secrets
from datetime import timedelta
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent


def _token() -> str:
    return secrets.token_urlsafe(48)


def _fernet_key() -> str:
    # What cryptography's Fernet.generate_key() returns: 32 random bytes, URL-safe base64.
    return base64.urlsafe_b64encode(os.urandom(32)).decode()


def _secret(var_dir: Path, name: str, make=_token) -> str:
    """Return the secret `name` from the environment, else from var/, creating it once."""
    from_env = os.environ.get(name)
    if from_env:
        return from_env
    path = var_dir / "secrets" / name.lower()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_EXCL: two processes starting at once must not overwrite each other's key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return path.read_text().strip()
        with os.fdopen(fd, "w") as fh:
            fh.write(make())
    return path.read_text().strip()


class Config:
    def __init__(self) -> None:
        self.VAR_DIR = Path(os.environ.get("VAR_DIR", ROOT / "var")).resolve()
        self.VAR_DIR.mkdir(parents=True, exist_ok=True)
        self.SQLALCHEMY_DATABASE_URI = self._database_url()
        # No ping before every checkout of a pooled connection (a round trip per request): a
        # connection is replaced after 30 minutes, and one the database dropped fails one request.
        self.SQLALCHEMY_ENGINE_OPTIONS = {
            "pool_pre_ping": False,
            "pool_recycle": 1800,
            # JSON columns read by orjson: a listing reads a picture's sizes (ProductImage.webp)
            # for each picture of its page, and the standard library's json.loads took ~5 % of
            # the call (cProfile, issue 27). Both dialects take it (SQLAlchemy's create_engine
            # json_deserializer; psycopg's set_json_loads on PostgreSQL).
            "json_deserializer": orjson.loads,
        }
        if self.SQLALCHEMY_DATABASE_URI.startswith("postgresql"):
            # Random reads on SSDs cost about what sequential ones do; PostgreSQL's default (4) is
            # for spinning disks and makes it scan the catalogue rather than use the search and
            # listing indexes (`make bench` shows it). Every connection says so.
            cost = os.environ.get("PG_RANDOM_PAGE_COST", "1.1")
            self.SQLALCHEMY_ENGINE_OPTIONS["connect_args"] = {"options": f"-c random_page_cost={cost}"}
        elif self.SQLALCHEMY_DATABASE_URI.startswith("sqlite"):
            # SQLite has one writer at a time; the others wait for its lock. Python's default wait
            # (5 s) turned a burst of checkouts on a busy machine into 500s: wait 30 s instead.
            self.SQLALCHEMY_ENGINE_OPTIONS["connect_args"] = {"timeout": 30}
        # Guests' reads may use a shop's settings this many seconds old (bff/shops/cache.py).
        self.SHOP_CACHE_SECONDS = float(os.environ.get("SHOP_CACHE_SECONDS", "2"))
        # Guests' catalogue answers kept per process (bff/catalog/answer_cache.py): at most this
        # many MiB (0: off), each at most this many seconds; any catalogue write retires them
        # through the shop's catalogue version (bff/catalog/versions.py: Redis when REDIS_URL is
        # set, else the database), which a process rereads at most this many seconds apart.
        # Off by default on SQLite (the embedded set-up), whose file other programs write behind
        # SQLAlchemy's back (a hand edit, the browser tests' raw SQL), which no version sees.
        on_postgres = self.SQLALCHEMY_DATABASE_URI.startswith("postgresql")
        self.CATALOGUE_CACHE_MB = float(os.environ.get("CATALOGUE_CACHE_MB", "32" if on_postgres else "0"))
        self.CATALOGUE_CACHE_SECONDS = float(os.environ.get("CATALOGUE_CACHE_SECONDS", "300"))
        self.CATALOGUE_VERSION_SECONDS = float(os.environ.get("CATALOGUE_VERSION_SECONDS", "1"))
        self.CATALOGUE_REDIS_PREFIX = os.environ.get("CATALOGUE_REDIS_PREFIX", "bff:catalogue")
        self.SECRET_KEY = _secret(self.VAR_DIR, "SECRET_KEY")
        self.JWT_SECRET_KEY = _secret(self.VAR_DIR, "JWT_SECRET_KEY")
        # Payments (bff/payments/): providers are configured per shop. The sandbox (no money moves)
        # exists only where switched on explicitly: `make start` and the tests, never production.
        self.PAYMENT_SANDBOX_ENABLED = os.environ.get("PAYMENT_SANDBOX_ENABLED", "0") in ("1", "true", "yes")
        self.PAYMENT_SANDBOX_SECRET = _secret(self.VAR_DIR, "PAYMENT_SANDBOX_SECRET")
        # Encrypts the shops' merchant keys at rest; a comma-separated list rotates (first encrypts).
        self.PAYMENT_SECRETS_KEY = _secret(self.VAR_DIR, "PAYMENT_SECRETS_KEY")
        # The providers' gateways; only the tests point them elsewhere (their local fakes).
        # WeChat Pay: mainland merchants on api.mch, overseas ones on apihk.mch (the overseas API
        # pages: bff/payments/providers/wechat_pay.py).
        self.WECHATPAY_GATEWAY_URL = os.environ.get("WECHATPAY_GATEWAY_URL", "https://api.mch.weixin.qq.com")
        self.WECHATPAY_GLOBAL_GATEWAY_URL = os.environ.get(
            "WECHATPAY_GLOBAL_GATEWAY_URL", "https://apihk.mch.weixin.qq.com"
        )
        self.WECHAT_OAUTH_URL = os.environ.get("WECHAT_OAUTH_URL", "https://open.weixin.qq.com")
        self.WECHAT_API_URL = os.environ.get("WECHAT_API_URL", "https://api.weixin.qq.com")
        # The official accounts' access tokens and JS-SDK tickets (bff/wechat/tokens.py): in Redis
        # under this prefix when REDIS_URL is set, else in the database.
        self.WECHAT_REDIS_PREFIX = os.environ.get("WECHAT_REDIS_PREFIX", "bff:wechat")
        self.ALIPAY_GATEWAY_URL = os.environ.get(
            "ALIPAY_GATEWAY_URL", "https://openapi.alipay.com/gateway.do"
        )
        # Stripe's API (the `stripe` package's api_base); the tests point it at their fake.
        self.STRIPE_API_BASE = os.environ.get("STRIPE_API_BASE", "https://api.stripe.com")
        # Airwallex's API (WeChat Pay through an acquirer); its sandbox is https://api-demo.airwallex.com.
        self.AIRWALLEX_API_BASE = os.environ.get("AIRWALLEX_API_BASE", "https://api.airwallex.com")
        # Antom's API gateway (bff/payments/providers/antom.py): the Asia one, as Antom's docs name
        # it for merchants in Asia-Pacific; the tests point it at their fake.
        self.ANTOM_GATEWAY_URL = os.environ.get("ANTOM_GATEWAY_URL", "https://open-sea-global.alipay.com")
        # Personal data at rest (bff/common/encryption.py): Fernet keys, the first encrypts.
        self.DATA_ENCRYPTION_KEYS = _secret(self.VAR_DIR, "DATA_ENCRYPTION_KEYS", _fernet_key)
        self.MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", self.VAR_DIR / "media")).resolve()
        # Media storage (bff/media/storage.py): `local` files under MEDIA_ROOT, or `s3`, an
        # S3-compatible bucket; MEDIA_URL is where browsers fetch them (the bucket's or a CDN's URL).
        self.MEDIA_STORAGE = os.environ.get("MEDIA_STORAGE", "local")
        self.MEDIA_URL = os.environ.get("MEDIA_URL", "/media/")
        self.S3_BUCKET = os.environ.get("S3_BUCKET", "")
        self.S3_PREFIX = os.environ.get("S3_PREFIX", "")
        self.S3_ENDPOINT_URL = os.environ.get("S3_ENDPOINT_URL", "")
        self.S3_REGION = os.environ.get("S3_REGION", "")
        self.S3_ACCESS_KEY_ID = os.environ.get("S3_ACCESS_KEY_ID", "")
        self.S3_SECRET_ACCESS_KEY = os.environ.get("S3_SECRET_ACCESS_KEY", "")
        self.PAGE_SIZE = int(os.environ.get("PAGE_SIZE", "20"))
        self.REDIS_URL = os.environ.get("REDIS_URL", "")
        # Request limits (bff/common/request_checks.py): bodies (413; a view may allow more with
        # @max_body_size) and URLs (414; the SSR process answers the same above 4000 bytes).
        self.MAX_CONTENT_LENGTH = int(os.environ.get("MAX_CONTENT_LENGTH", 1024 * 1024))
        self.MAX_URL_BYTES = int(os.environ.get("MAX_URL_BYTES", "4000"))
        self._accounts()

        # flask-smorest / OpenAPI
        self.API_TITLE = "Storefront BFF"
        self.API_VERSION = "1"
        self.OPENAPI_VERSION = "3.0.3"
        self.OPENAPI_URL_PREFIX = "/api"
        self.OPENAPI_JSON_PATH = "openapi.json"
        self.OPENAPI_SWAGGER_UI_PATH = "/docs"
        # Served by the BFF from the pinned swagger-ui-bundle package (bff/ops/api_docs.py), no CDN.
        self.OPENAPI_SWAGGER_UI_URL = "/api/docs/static/"
        self.JSON_SORT_KEYS = False

    def _accounts(self) -> None:
        env = os.environ.get
        # Sessions (bff/accounts/tokens.py): short access tokens, a sliding server-side session.
        self.JWT_ALGORITHM = "HS256"
        self.JWT_DECODE_ALGORITHMS = ["HS256"]
        self.JWT_TOKEN_LOCATION = ["headers"]
        self.JWT_ACCESS_TOKEN_EXPIRES = timedelta(minutes=int(env("ACCESS_TOKEN_MINUTES", "15")))
        self.SESSION_LIFETIME = timedelta(days=int(env("SESSION_DAYS", "30")))
        self.RENEWAL_COOKIE_NAME = "sf_renew"
        self.PASSWORD_RESET_LIFETIME = timedelta(minutes=int(env("PASSWORD_RESET_MINUTES", "30")))
        # How long the owner's invitation of a person to the console stays good (bff/accounts/staff.py).
        self.STAFF_INVITATION_LIFETIME = timedelta(hours=int(env("STAFF_INVITATION_HOURS", "72")))
        # Argon2id cost: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), ~60 ms a hash.
        self.ARGON2_TIME_COST = int(env("ARGON2_TIME_COST", "2"))
        self.ARGON2_MEMORY_COST = int(env("ARGON2_MEMORY_COST", "19456"))  # KiB
        self.ARGON2_PARALLELISM = int(env("ARGON2_PARALLELISM", "1"))

        # Mail: SMTP when SMTP_HOST is set, else one .eml file per message in the outbox.
        self.SMTP_HOST = env("SMTP_HOST", "")
        self.SMTP_PORT = int(env("SMTP_PORT", "587"))
        self.SMTP_USER = env("SMTP_USER", "")
        self.SMTP_PASSWORD = env("SMTP_PASSWORD", "")
        self.SMTP_TLS = env("SMTP_TLS", "starttls").lower()  # starttls | ssl | none
        self.SMTP_FROM = env("SMTP_FROM", "no-reply@localhost")
        self.SMTP_TIMEOUT = int(env("SMTP_TIMEOUT", "20"))
        self.MAIL_OUTBOX_DIR = Path(env("MAIL_OUTBOX_DIR", self.VAR_DIR / "outbox")).resolve()
        self.MAIL_ASYNC = env("MAIL_ASYNC", "1") not in ("0", "false", "no")
        # Seconds between the tries of a send that failed (one try more than delays listed).
        self.MAIL_RETRY_DELAYS = tuple(float(s) for s in env("MAIL_RETRY_DELAYS", "5,30,120").split(",") if s)
        # The mail sender (bff/accounts/outbox.py) also looks for due mail this often (retries, and
        # mail another process queued and could not send).
        self.MAIL_POLL_SECONDS = float(env("MAIL_POLL_SECONDS", "30"))
        # The embedded set-up releases unpaid orders itself every this many seconds (0: a
        # scheduler runs `flask release-unpaid-orders`, as docker-compose's does).
        self.UNPAID_RELEASE_SECONDS = int(env("UNPAID_RELEASE_SECONDS", "0"))

        # Rate limits (flask-limiter): windows, never a lockout. Redis when REDIS_URL is set.
        self.RATELIMIT_STORAGE_URI = env("RATELIMIT_STORAGE_URI") or self.REDIS_URL or "memory://"
        self.RATELIMIT_HEADERS_ENABLED = True
        self.RATELIMIT_KEY_PREFIX = "bff"
        # The SSR process is the one public entry and appends the client to X-Forwarded-For.
        self.TRUSTED_PROXY_HOPS = int(env("TRUSTED_PROXY_HOPS", "1"))
        # Where those proxies run: X-Forwarded-* is read only from these addresses (loopback and
        # the private ranges a compose network uses); a client reaching the BFF directly is keyed
        # by its own address, whatever it claims.
        self.TRUSTED_PROXIES = env(
            "TRUSTED_PROXIES", "127.0.0.0/8,::1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7"
        )
        # Who may read /metrics (bff/ops/metrics.py): Prometheus on the deployment's own network.
        self.METRICS_ALLOWED_IPS = env("METRICS_ALLOWED_IPS", self.TRUSTED_PROXIES)
        self.LOGIN_LIMIT_PER_IP = env("LOGIN_LIMIT_PER_IP", "30/minute;300/hour")
        # Failed sign-ins slow an account down, never lock it (bff/accounts/throttle.py).
        self.LOGIN_FREE_FAILURES = int(env("LOGIN_FREE_FAILURES", "5"))
        self.LOGIN_LONGEST_DELAY_SECONDS = int(env("LOGIN_LONGEST_DELAY_SECONDS", "60"))
        self.LOGIN_FAILURE_WINDOW_MINUTES = int(env("LOGIN_FAILURE_WINDOW_MINUTES", "15"))
        self.LOGIN_DEVICE_COOKIE_NAME = "sf_device"
        self.REGISTER_LIMIT_PER_IP = env("REGISTER_LIMIT_PER_IP", "10/hour")
        self.REGISTER_LIMIT_PER_ACCOUNT = env("REGISTER_LIMIT_PER_ACCOUNT", "5/hour")
        self.RESET_REQUEST_LIMIT_PER_IP = env("RESET_REQUEST_LIMIT_PER_IP", "10/hour")
        self.RESET_REQUEST_LIMIT_PER_ACCOUNT = env("RESET_REQUEST_LIMIT_PER_ACCOUNT", "3/15 minutes")
        self.RESET_LIMIT_PER_IP = env("RESET_LIMIT_PER_IP", "30/hour")
        # Wrong passwords when deleting an account (bff/privacy/routes.py), per member.
        self.DELETE_ACCOUNT_FAILURE_LIMIT = env("DELETE_ACCOUNT_FAILURE_LIMIT", "5/15 minutes")
        # The pay page's "is it paid yet?" (/api/payment/settle asks the providers): a QR code
        # polls every 3 seconds (20 a minute); more is a loop (bff/payments/routes.py).
        self.SETTLE_LIMIT_PER_MEMBER = env("SETTLE_LIMIT_PER_MEMBER", "40/minute")
        self.SETTLE_LIMIT_PER_IP = env("SETTLE_LIMIT_PER_IP", "120/minute")

    def _database_url(self) -> str:
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{self.VAR_DIR / 'storefront.db'}"
        # Hosted PostgreSQL often hands out postgres:// URLs; SQLAlchemy wants a driver name.
        for prefix in ("postgres://", "postgresql://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url
