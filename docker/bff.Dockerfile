# The BFF under gunicorn. Build context: the repository root.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 VAR_DIR=/app/var
WORKDIR /app
COPY requirements.lock ./
RUN pip install --no-cache-dir -r requirements.lock
COPY bff ./bff
COPY db ./db
# China's provinces, cities and districts (bff/addresses/regions.py reads them).
COPY rules/china_regions.json ./rules/china_regions.json
RUN useradd --system --home /app shop && mkdir -p /app/var/media && chown -R shop /app/var
USER shop
EXPOSE 5000
# Migrations run before the workers start; they are idempotent.
CMD ["sh", "-c", "flask --app bff.app:create_app db upgrade && exec gunicorn -c bff/gunicorn.conf.py bff.wsgi:app"]
