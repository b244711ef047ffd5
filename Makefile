# One entry point for people and CI. `make run` starts the service on its embedded default;
# `make test` installs what it needs and passes every suite.
SHELL := /bin/bash
.DEFAULT_GOAL := help
ROOT := $(CURDIR)
TOOLS := $(ROOT)/.tools
# The project's own pinned Node and pnpm live in .tools/ (scripts/ensure-tools.sh), whatever the
# machine has; every recipe finds them first.
export PATH := $(TOOLS)/node_modules/.bin:$(ROOT)/node_modules/.bin:$(PATH)
PORT ?= 8080
SCHEMATHESIS_VERSION := 4.32.5
VENV := $(ROOT)/.venv

.PHONY: help tools install chromium run test test-quickstart lint-spec generate check-generated bench bench-ledger \
        bench-collections bench-cost bench-jobs bench-webhooks bench-payouts bench-marketplace bench-recon conformance mock mock-ops python-venv conformance-venv typecheck ci docs lint-deps

help:
	@echo "make run                 start the service (embedded PostgreSQL, ledger on PostgreSQL)"
	@echo "make test                install everything and run every test suite"
	@echo "make test-quickstart     the README's first steps in a fresh copy, from a new shell without pnpm"
	@echo "make lint-spec           lint spec/ with @redocly/cli and Spectral's OWASP ruleset (.spectral.yaml)"
	@echo "make lint-deps           check the import rules (.dependency-cruiser.cjs): no cycle, layers, packages"
	@echo "make generate            regenerate packages/contract and clients/python from spec/"
	@echo "make docs                the API reference pages (served at /docs, /docs/partner, /docs/ops) into dist/api-docs/"
	@echo "make check-generated     fail if generated code drifted from spec/"
	@echo "make conformance         schemathesis against a freshly started server"
	@echo "make mock                Prism mock of spec/merchant.yaml on port 4010"
	@echo "make mock-ops            Prism mock of spec/ops.yaml (the operators' API) on port 4011"
	@echo "make bench | bench-ledger | bench-collections | bench-cost | bench-jobs | bench-webhooks | bench-payouts | bench-recon   benchmarks that print figures"
	@echo "make bench-marketplace   whole marketplace payments (collection, split, escrow release, payout, signed webhooks) vs their floor,"
	@echo "                         per ledger engine and worker layout; minutes (BENCH_QUICK=1 short; docs/performance.md)"

# --- toolchain -------------------------------------------------------------------------
tools:
	@bash scripts/ensure-tools.sh

install: tools
	@pnpm install --frozen-lockfile --reporter=append-only > $(TOOLS)/pnpm-install.log 2>&1 || { cat $(TOOLS)/pnpm-install.log; exit 1; }
	@echo "dependencies installed (node $$(node -v), pnpm $$(pnpm -v))"
	@pnpm -s --filter @payagg/checkout-page build
	@$(MAKE) -s docs

# The API reference the service serves at /docs (merchant), /docs/partner and /docs/ops: Redoc pages rendered
# from spec/ by @redocly/cli with Redoc's bundle inlined (no CDN at view time), telemetry off;
# docs/decisions/0530.
API_DOCS_DIR := $(ROOT)/dist/api-docs
docs:
	@mkdir -p $(API_DOCS_DIR)
	@REDOCLY_TELEMETRY=off redocly build-docs spec/merchant.yaml --inlineBundle --title "payagg merchant API reference" -o $(API_DOCS_DIR)/merchant.html > $(API_DOCS_DIR)/build.log 2>&1 || { cat $(API_DOCS_DIR)/build.log; exit 1; }
	@REDOCLY_TELEMETRY=off redocly build-docs spec/partner.yaml --inlineBundle --title "payagg partner API reference" -o $(API_DOCS_DIR)/partner.html >> $(API_DOCS_DIR)/build.log 2>&1 || { cat $(API_DOCS_DIR)/build.log; exit 1; }
	@REDOCLY_TELEMETRY=off redocly build-docs spec/ops.yaml --inlineBundle --title "payagg operations API reference" -o $(API_DOCS_DIR)/ops.html >> $(API_DOCS_DIR)/build.log 2>&1 || { cat $(API_DOCS_DIR)/build.log; exit 1; }
	@# Redoc's "API docs by Redocly" attribution loads its logo from cdn.redoc.ly: the one URL the
	@# inlined bundle would fetch. It gets an empty data: image instead (the attribution's own
	@# onError hides it; the link stays), so a page fetches nothing from elsewhere.
	@sed -i 's#https://cdn\.redoc\.ly/redoc/logo-mini\(-full\)\?\.svg#data:,#g' $(API_DOCS_DIR)/merchant.html $(API_DOCS_DIR)/partner.html $(API_DOCS_DIR)/ops.html
	@echo "API reference built into dist/api-docs/ (merchant.html, partner.html, ops.html)"

# Debian's Chromium for the hosted checkout page's browser tests (apt-get as root when missing).
chromium:
	@bash scripts/ensure-chromium.sh

python-venv:
	@bash scripts/ensure-python-venv.sh "$(VENV)" "$(SCHEMATHESIS_VERSION)"

# --- the service -----------------------------------------------------------------------
run: install
	PORT=$(PORT) node services/api/src/main.ts

# --- tests -----------------------------------------------------------------------------
test: install python-venv chromium
	@bash scripts/test-all.sh

# Part of `make test`; alone: the first ten minutes of the README (about 2-3 minutes).
test-quickstart:
	@bash scripts/quickstart-test.sh

typecheck: install
	pnpm -s typecheck

# The import rules (decision 0600): no cycle anywhere, the ledger and the other packages import
# nothing of the service, shared machinery imports no capability.
lint-deps: install
	depcruise --config .dependency-cruiser.cjs services packages conformance scripts --output-type err

lint-spec: install
	redocly lint spec/merchant.yaml spec/partner.yaml spec/ops.yaml
	spectral lint --ruleset .spectral.yaml --fail-severity error spec/merchant.yaml spec/partner.yaml spec/ops.yaml

generate: install
	bash scripts/generate.sh

check-generated: install
	bash scripts/check-generated.sh

conformance: install python-venv
	bash conformance/run-schemathesis.sh

mock: install
	pnpm --filter @payagg/conformance exec prism mock -p 4010 -h 127.0.0.1 ../spec/merchant.yaml

# The operators' API (/ops/v1) mocked from its contract: answers with spec/ops.yaml's examples
# (send any `Authorization: Bearer opk_...`; Prism checks the header is there).
mock-ops: install
	pnpm --filter @payagg/conformance exec prism mock -p 4011 -h 127.0.0.1 ../spec/ops.yaml

# --- benchmarks (print figures; never part of make test) --------------------------------
bench: install
	pnpm --filter @payagg/api run bench

bench-ledger: install
	pnpm --filter @payagg/ledger run bench

bench-collections: install
	pnpm --filter @payagg/api run bench-collections

bench-cost: install
	pnpm --filter @payagg/api run bench-cost

bench-jobs: install
	pnpm --filter @payagg/api run bench-jobs

bench-webhooks: install
	pnpm --filter @payagg/api run bench-webhooks

bench-payouts: install
	pnpm --filter @payagg/api run bench-payouts

bench-marketplace: install
	pnpm --filter @payagg/api run bench-marketplace

# 1,000,000 provider records reconciled against as many of ours: records/s and peak RSS (docs/reconciliation.md).
bench-recon: install
	pnpm --filter @payagg/api run bench-recon
