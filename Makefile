# The two commands a new user runs: `make test` and `make bench`. Each installs what is missing.
SWIFT ?= swift
APT_PACKAGES := pkg-config libcmark-dev libmarkdown2-dev libxml2-dev
# Warnings fail the build: the project keeps none.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

EXAMPLE := Examples/SiteBuilder
FORMATTED := Package.swift Sources Tests $(EXAMPLE)/Package.swift $(EXAMPLE)/Sources $(EXAMPLE)/Tests

.PHONY: deps build test lint format bench example

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
	$(MAKE) example
	$(MAKE) lint

# The example app builds against the package by path, as an app would, and runs its tests.
example: deps
	$(SWIFT) build --package-path $(EXAMPLE) $(SWIFT_FLAGS)
	$(SWIFT) test --package-path $(EXAMPLE) $(SWIFT_FLAGS)

lint:
	$(SWIFT) format lint --strict -r $(FORMATTED)

format:
	$(SWIFT) format -i -r $(FORMATTED)

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
