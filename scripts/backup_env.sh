# Sourced by backup.sh and restore.sh: the database URL as libpq takes it, and `media`, which runs
# `flask media ...` (bff/media/archive.py) on the media store the BFF's own settings name
# (MEDIA_STORAGE=local: MEDIA_ROOT; s3: S3_BUCKET, S3_PREFIX, S3_ENDPOINT_URL, S3_ACCESS_KEY_ID,
# S3_SECRET_ACCESS_KEY, S3_REGION) with $PYTHON (default: the tree's .venv, else python3).
: "${DATABASE_URL:?set DATABASE_URL (postgresql://...)}"
# libpq takes postgresql://, not SQLAlchemy's postgresql+psycopg://.
url=${DATABASE_URL/postgresql+psycopg:/postgresql:}
url=${url/#postgres:/postgresql:}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -z "${PYTHON:-}" ]; then
  if [ -x "$root/.venv/bin/python" ]; then PYTHON=$root/.venv/bin/python; else PYTHON=python3; fi
fi

media() {
  PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" "$PYTHON" -m flask --app bff.app:create_app media "$@"
}
