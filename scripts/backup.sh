#!/usr/bin/env bash
# Back up the storefront: PostgreSQL (pg_dump custom format) and the media store, into
# $BACKUP_DIR/<UTC time>/ with a checksum of each file. README.md, "Backups", says how and how often.
#
#   DATABASE_URL=postgresql://user:pass@host:5432/db MEDIA_ROOT=var/media scripts/backup.sh [BACKUP_DIR]
#
# The media store is the one the BFF's own settings name: MEDIA_ROOT, or with MEDIA_STORAGE=s3 the
# bucket (S3_* as the BFF has them), read by `flask media export` (scripts/backup_env.sh).
# BACKUP_DIR defaults to ./backups. pg_dump's major version must be at least the server's (the
# compose `backup` service's image is the server's own). No secret is written: DATA_ENCRYPTION_KEYS,
# which the ID numbers in the dump need, is kept apart (SECURITY.md, "Key rotation").
set -euo pipefail

BACKUP_DIR=${1:-${BACKUP_DIR:-backups}}
source "$(dirname "$0")/backup_env.sh"

stamp=$(date -u +%Y%m%dT%H%M%SZ)
target="$BACKUP_DIR/$stamp"
partial="$target.partial"
mkdir -p "$partial"
trap 'rm -rf "$partial"' ERR

# Custom format: compressed, restorable table by table, and into a newer server.
pg_dump --format=custom --no-owner --no-privileges --file="$partial/database.dump" "$url"

media export "$partial/media.tar.gz"

(cd "$partial" && sha256sum database.dump media.tar.gz > SHA256SUMS)
# Only a complete backup gets its final name.
mv "$partial" "$target"
echo "$target"
