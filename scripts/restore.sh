#!/usr/bin/env bash
# Restore a backup made by scripts/backup.sh: the database, then the media files.
#
#   DATABASE_URL=postgresql://user:pass@host:5432/db MEDIA_ROOT=var/media scripts/restore.sh BACKUP_DIR/<time>
#
# The database named by DATABASE_URL must exist (empty, or an old copy: every object of the dump is
# dropped first and restored in one transaction, so a failed restore changes nothing). Media files
# are written back into the media store the BFF's settings name (MEDIA_ROOT, or with
# MEDIA_STORAGE=s3 the bucket: scripts/backup_env.sh) over what is there. Stop the
# BFF first (docker compose stop bff scheduler) and start it after: its migrations then run on the
# restored schema.
set -euo pipefail

backup=${1:?usage: restore.sh BACKUP_DIR/<time>}
source "$(dirname "$0")/backup_env.sh"

# A damaged or partial copy is refused before anything is touched.
(cd "$backup" && sha256sum --check --quiet SHA256SUMS)

pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error \
  --dbname="$url" "$backup/database.dump"

media import "$backup/media.tar.gz"
echo "restored $backup"
