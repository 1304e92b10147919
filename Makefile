# Two commands for a newcomer: `make start` and `make test`. Everything else is a step of those.
SHELL := /bin/bash
PY := .venv/bin/python
PIP := .venv/bin/pip
FLASK := .venv/bin/flask --app bff.app:create_app
NPM_STAMP := node_modules/.installed

.PHONY: start test install migrate seed build dev serve-bff test-py test-api test-js test-e2e lint format chromium wrk lock clean bench bench-catalog bench-search mutation lighthouse

start: install migrate seed frontend/dist/.built
	./scripts/start.sh

# Each stage's wall time is printed at the end (scripts/stages.sh), a failed stage's too.
test: install
	@MAKE="$(MAKE)" ./scripts/stages.sh lint test-py test-api test-js test-e2e

.PHONY: check test-py-sqlite drill nginx

# The inner loop: lint, the BFF suite on SQLite, Vitest (no API fuzzing, no browsers, no PostgreSQL).
check: install
	@MAKE="$(MAKE)" ./scripts/stages.sh lint test-py-sqlite test-js

# `make start`'s build, only when a source changed since the last one: a second stack started beside
# the first (README, "Two stacks side by side") never rebuilds the bundle the first one serves.
FRONTEND_SOURCES := $(shell find frontend/src frontend/public frontend/scripts frontend/index.html \
  frontend/vite.config.js frontend/package.json rules -type f 2>/dev/null)
frontend/dist/.built: $(NPM_STAMP) $(FRONTEND_SOURCES)
	npm run build
	touch $@

install: .venv/.installed $(NPM_STAMP)

.venv/.installed: requirements.lock pyproject.toml
	test -x $(PY) || python3 -m venv .venv
	$(PIP) install --quiet --disable-pip-version-check -r requirements.lock
	touch $@

$(NPM_STAMP): package-lock.json
	npm ci --no-audit --no-fund
	touch $@

migrate: .venv/.installed
	$(FLASK) db upgrade

seed: .venv/.installed
	$(FLASK) seed-demo

build: $(NPM_STAMP)
	npm run build

dev: install migrate seed
	./scripts/start.sh dev

serve-bff: .venv/.installed
	$(FLASK) run --port 5000

lint: .venv/.installed $(NPM_STAMP)
	.venv/bin/ruff check bff bench scripts
	.venv/bin/ruff format --check bff bench scripts
	npm run lint

# SQLite always; PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it). One pytest worker
# per core (pytest-xdist); each has its own SQLite file or PostgreSQL database (bff/tests/conftest.py).
PYTEST := .venv/bin/pytest -n auto
test-py: test-py-sqlite
	@if [ -n "$$TEST_DATABASE_URL" ]; then echo "== BFF suite on PostgreSQL"; $(PYTEST); fi

test-py-sqlite: .venv/.installed
	TEST_DATABASE_URL= $(PYTEST)

# Schemathesis against a BFF of its own (free loopback port, fresh seeded SQLite): all checks,
# a fixed seed, as a guest, as a member and as the admin, then the hostile bodies (surrogates and
# huge numbers, scripts/fuzz_hostile.py; API_FUZZ_HOSTILE=0 leaves them out); settings in
# schemathesis.toml. About 6 minutes on a busy 2-core machine, the hostile pass 3 of them.
test-api: .venv/.installed
	$(PY) scripts/api_fuzz.py

test-js: $(NPM_STAMP)
	npm test

test-e2e: $(NPM_STAMP) chromium build
	npm run size
	npm run test:e2e

# Browser tests drive Debian's Chromium; no test tool downloads a browser.
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Browser tests need Debian's chromium: sudo apt-get install chromium" >&2; exit 1; fi; }

# The production shape on one machine, all on loopback (scripts/drill.py; README, "The drill"):
# Debian's nginx with docker-compose's entry rules, two SSR and two BFF replicas, PostgreSQL, Redis,
# an S3 server, the scheduler's jobs; kills a BFF and an SSR replica under a short load and prints a
# table. About two minutes; not part of `make test`.
drill: install frontend/dist/.built nginx
	$(PY) scripts/drill.py

nginx:
	@command -v nginx >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	  else echo "make drill needs Debian's nginx: sudo apt-get install nginx" >&2; exit 1; fi; }

# Rewrites the code to the project's style: ruff for Python, Prettier and ESLint's fixes for JavaScript.
format: .venv/.installed $(NPM_STAMP)
	.venv/bin/ruff format bff bench scripts
	npm run format

# One table of the speed goals, each figure beside its goal (ssr/bench/table.js); prints, never fails.
# PostgreSQL when BENCH_DATABASE_URL is set, else SQLite. Load comes from wrk, Debian's package,
# installed as Chromium is. The two below dig into the BFF alone.
bench: install build wrk
	node ssr/bench/table.js

wrk:
	@command -v wrk >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	  else echo "make bench needs Debian's wrk: sudo apt-get install wrk" >&2; exit 1; fi; }

# Lighthouse's mobile audit of the home, category, brand, product and article pages (issue 27.5):
# each page's performance score with FCP, LCP and TBT, the median of RUNS (3) runs, beside the load
# average; prints, never fails (scripts/lighthouse.mjs). Debian's Chromium, as the browser tests.
lighthouse: install build chromium
	node scripts/lighthouse.mjs

bench-catalog: .venv/.installed
	$(PY) bench/catalog_bench.py

bench-search: .venv/.installed
	$(PY) bench/search_bench.py

# Mutation testing of the money, stock, order-state, payment-verification and session rules (mutmut),
# then of frontend/src/common/rules (Stryker): each module's score and every surviving mutant. Slow (about
# an hour on 2 cores), so not part of `make test`; `MODULES="pricing stock"` runs some (scripts/mutation.py).
mutation: install
	$(PY) scripts/mutation.py $(MODULES)

lock:
	$(PIP) freeze | sed '1i # Full pinned tree for the BFF (pip freeze). Regenerate with: make lock' > requirements.lock

clean:
	rm -rf .venv node_modules var frontend/dist
