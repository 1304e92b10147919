#!/usr/bin/env bash
# Restore a backup made by scripts/backup.sh: the database, then the media files.
#
#   DATABASE_URL=postgresql://user:pass@host:5432/db MEDIA_ROOT=var/media scripts/restore.sh BACKUP_DIR/<time>
#
# The database named by DATABASE_URL must exist (empty, or an old copy: every object of the dump is
# dropped first and restored in one transaction, so a failed restore changes nothing). Media files
# are unpacked into MEDIA_ROOT over what is there. Stop the BFF first (docker compose stop bff
# scheduler) and start it after: its migrations then run on the restored schema.
set -euo pipefail

backup=${1:?usage: restore.sh BACKUP_DIR/<time>}
: "${DATABASE_URL:?set DATABASE_URL (postgresql://...)}"
MEDIA_ROOT=${MEDIA_ROOT:-var/media}
url=${DATABASE_URL/postgresql+psycopg:/postgresql:}
url=${url/#postgres:/postgresql:}

# A damaged or partial copy is refused before anything is touched.
(cd "$backup" && sha256sum --check --quiet SHA256SUMS)

pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error \
  --dbname="$url" "$backup/database.dump"

mkdir -p "$MEDIA_ROOT"
tar -C "$MEDIA_ROOT" -xzf "$backup/media.tar.gz"
echo "restored $backup"
