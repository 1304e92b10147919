# The backup service (scripts/backup.sh and restore.sh; README, "Backups"): pg_dump and pg_restore
# of the database server's own major version, and the BFF's Python code, which copies the media store
# (the MinIO bucket) through the BFF's own storage settings (`flask media export|import`).
# Build context: the repository root.
FROM postgres:16-bookworm
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 python3-venv \
  && rm -rf /var/lib/apt/lists/*
# bookworm's python3 is 3.11, the BFF image's; VAR_DIR: the app's scratch folder, nothing kept.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 VAR_DIR=/tmp/var PYTHON=/venv/bin/python
WORKDIR /app
COPY requirements.lock ./
RUN python3 -m venv /venv && /venv/bin/pip install --no-cache-dir -r requirements.lock
COPY bff ./bff
COPY scripts ./scripts
ENTRYPOINT ["/app/scripts/backup.sh"]
