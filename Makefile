# One entry point for people and CI. `make run` starts the service on its embedded default;
# `make test` installs what it needs and passes every suite.
SHELL := /bin/bash
.DEFAULT_GOAL := help
ROOT := $(CURDIR)
TOOLS := $(ROOT)/.tools
# Node 24 is provided in .tools/ when the system Node is older than engines (>=22.12).
export PATH := $(TOOLS)/node_modules/.bin:$(ROOT)/node_modules/.bin:$(PATH)
PORT ?= 8080
SCHEMATHESIS_VERSION := 4.32.5
VENV := $(ROOT)/.venv

.PHONY: help tools install run test lint-spec generate check-generated bench bench-ledger \
        bench-collections bench-cost bench-jobs bench-webhooks conformance mock python-venv conformance-venv typecheck ci

help:
	@echo "make run                 start the service (embedded PostgreSQL, ledger on PostgreSQL)"
	@echo "make test                install everything and run every test suite"
	@echo "make lint-spec           lint spec/ with @redocly/cli"
	@echo "make generate            regenerate packages/contract and clients/python from spec/"
	@echo "make check-generated     fail if generated code drifted from spec/"
	@echo "make conformance         schemathesis against a freshly started server"
	@echo "make mock                Prism mock of spec/merchant.yaml on port 4010"
	@echo "make bench | bench-ledger | bench-collections | bench-cost | bench-jobs | bench-webhooks   benchmarks that print figures"

# --- toolchain -------------------------------------------------------------------------
tools:
	@bash scripts/ensure-tools.sh

install: tools
	@pnpm install --frozen-lockfile --reporter=append-only > /tmp/payagg-pnpm-install.log 2>&1 || { cat /tmp/payagg-pnpm-install.log; exit 1; }
	@echo "dependencies installed (node $$(node -v), pnpm $$(pnpm -v))"

python-venv:
	@bash scripts/ensure-python-venv.sh "$(VENV)" "$(SCHEMATHESIS_VERSION)"

# --- the service -----------------------------------------------------------------------
run: install
	PORT=$(PORT) node services/api/src/main.ts

# --- tests -----------------------------------------------------------------------------
test: install python-venv
	@bash scripts/test-all.sh

typecheck: install
	pnpm -s typecheck

lint-spec: install
	redocly lint spec/merchant.yaml spec/partner.yaml

generate: install
	bash scripts/generate.sh

check-generated: install
	bash scripts/check-generated.sh

conformance: install python-venv
	bash conformance/run-schemathesis.sh

mock: install
	pnpm --filter @payagg/conformance exec prism mock -p 4010 -h 127.0.0.1 ../spec/merchant.yaml

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
