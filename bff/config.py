"""Configuration, read from the environment in this one module.

Every setting has a safe default for the embedded set-up (`make start`): a SQLite file
and media under `var/`, and secret keys generated into `var/` on first start.
"""

import os
import secrets
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _secret(var_dir: Path, name: str) -> str:
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
            fh.write(secrets.token_urlsafe(48))
    return path.read_text().strip()


class Config:
    def __init__(self) -> None:
        self.VAR_DIR = Path(os.environ.get("VAR_DIR", ROOT / "var")).resolve()
        self.VAR_DIR.mkdir(parents=True, exist_ok=True)
        self.SQLALCHEMY_DATABASE_URI = self._database_url()
        self.SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
        self.SECRET_KEY = _secret(self.VAR_DIR, "SECRET_KEY")
        self.JWT_SECRET_KEY = _secret(self.VAR_DIR, "JWT_SECRET_KEY")
        self.MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", self.VAR_DIR / "media")).resolve()
        self.PAGE_SIZE = int(os.environ.get("PAGE_SIZE", "20"))
        self.REDIS_URL = os.environ.get("REDIS_URL", "")

        # flask-smorest / OpenAPI
        self.API_TITLE = "Storefront BFF"
        self.API_VERSION = "1"
        self.OPENAPI_VERSION = "3.0.3"
        self.OPENAPI_URL_PREFIX = "/api"
        self.OPENAPI_JSON_PATH = "openapi.json"
        self.OPENAPI_SWAGGER_UI_PATH = "/docs"
        self.OPENAPI_SWAGGER_UI_URL = os.environ.get(
            "SWAGGER_UI_URL", "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5.17.14/"
        )
        self.JSON_SORT_KEYS = False

    def _database_url(self) -> str:
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{self.VAR_DIR / 'storefront.db'}"
        # Hosted PostgreSQL often hands out postgres:// URLs; SQLAlchemy wants a driver name.
        for prefix in ("postgres://", "postgresql://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url
