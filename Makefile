# The two commands a new user runs: `make test` and `make bench`. Each installs what is missing.
SWIFT ?= swift
APT_PACKAGES := pkg-config libcmark-dev libmarkdown2-dev libxml2-dev
# Warnings fail the build: the project keeps none.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

.PHONY: deps build test lint format bench

deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: build
	$(SWIFT) test $(SWIFT_FLAGS)
	$(MAKE) lint

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests

format:
	$(SWIFT) format -i -r Package.swift Sources Tests

bench: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)
	$(SWIFT) run -c release --skip-build renderbench

# Screenshots a page in headless Chromium (installed with apt-get when missing) and checks
# its colours from the pixels, light and dark scheme.
.PHONY: check-browser
check-browser: build
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "installing: chromium"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" sh Tests/BrowserCheck/check.sh
