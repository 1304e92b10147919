#!/usr/bin/env bash
# Back up the storefront: PostgreSQL (pg_dump custom format) and the media store, into
# $BACKUP_DIR/<UTC time>/ with a checksum of each file. README.md, "Backups", says how and how often.
#
#   DATABASE_URL=postgresql://user:pass@host:5432/db MEDIA_ROOT=var/media scripts/backup.sh [BACKUP_DIR]
#
# BACKUP_DIR defaults to ./backups. pg_dump's major version must be at least the server's (the
# compose `backup` service uses the server's own image). No secret is written: DATA_ENCRYPTION_KEYS,
# which the ID numbers in the dump need, is kept apart (SECURITY.md, "Key rotation").
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL (postgresql://...)}"
MEDIA_ROOT=${MEDIA_ROOT:-var/media}
BACKUP_DIR=${1:-${BACKUP_DIR:-backups}}
# libpq takes postgresql://, not SQLAlchemy's postgresql+psycopg://.
url=${DATABASE_URL/postgresql+psycopg:/postgresql:}
url=${url/#postgres:/postgresql:}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
target="$BACKUP_DIR/$stamp"
partial="$target.partial"
mkdir -p "$partial"
trap 'rm -rf "$partial"' ERR

# Custom format: compressed, restorable table by table, and into a newer server.
pg_dump --format=custom --no-owner --no-privileges --file="$partial/database.dump" "$url"

if [ -d "$MEDIA_ROOT" ]; then
  tar -C "$MEDIA_ROOT" -czf "$partial/media.tar.gz" .
else
  echo "backup: no media directory at $MEDIA_ROOT; the media archive is empty" >&2
  tar -czf "$partial/media.tar.gz" -T /dev/null
fi

(cd "$partial" && sha256sum database.dump media.tar.gz > SHA256SUMS)
# Only a complete backup gets its final name.
mv "$partial" "$target"
echo "$target"
