# The two commands a new user runs: `make test` and `make bench`. Each installs what is missing.
SWIFT ?= swift
APT_PACKAGES := pkg-config libcmark-dev libmarkdown2-dev libxml2-dev libmicrohttpd-dev libyaml-dev \
  libmd4c-dev libmd4c-html0-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libmodest-dev \
  zlib1g-dev libsource-highlight-dev tmux
# (tmux: the terminal capture tests run `render` in a real terminal of a fixed size.)
# Warnings fail the build: the project keeps none.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

EXAMPLE := Examples/SiteBuilder
FORMATTED := Package.swift Sources Plugins Tests $(EXAMPLE)/Package.swift $(EXAMPLE)/Sources $(EXAMPLE)/Tests \
  Fuzz/Package.swift Fuzz/Sources Examples/StreamingChat

.PHONY: deps build test lint format bench example symbols

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

# Public symbols per library module, from the compiler's symbol graphs (the README's table).
symbols: deps
	sh scripts/public-symbols.sh

# The DocC site of Sources/RenderKit/RenderKit.docc and render's man page, in .build/docs, with
# the toolchain's docc (scripts/docs.sh). Fails on a public symbol without a doc comment and on
# a link DocC cannot resolve. Browse it through a web server: `python3 -m http.server -d
# .build/docs`, then /documentation/renderkit/; `man -l .build/docs/render.1`. Builds only what
# the documentation reads: `render` (for the man page), which brings the modules of RenderKit
# and RenderPreview, not the benchmarks, the worker, the examples or the tests.
.PHONY: docs
docs: deps
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" sh scripts/docs.sh

# Release binaries link the Swift runtime and Foundation statically, so that the loader does
# not relocate libswiftCore, libFoundation and ICU's data on every start of `render`. The static
# Foundation archive makes the linker warn that it uses `mktemp`; that warning is the
# toolchain's, not this package's.
# Only the products are built so: the test support target imports Testing, which has no
# static library. (`swift run` does not take --static-swift-stdlib, hence the binary is run
# by its path.)
RELEASE_FLAGS := -c release --static-swift-stdlib

bench: deps
	for product in render render-worker renderbench; do \
	  $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product $$product || exit 1; \
	done
	$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/renderbench

# What each published hostile input costs: every engine contained under the default (scaled)
# deadline, beside comrak, pyromark and cmarkgfm in-process (installed from PyPI into
# .build/peers-venv by the script). The table docs/security.md gives.
.PHONY: hostile
hostile: deps
	for product in render-worker renderbench; do \
	  $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product $$product || exit 1; \
	done
	python3 scripts/hostile-peers.py --json .build/hostile-peers.json
	$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/renderbench hostile \
	  --suite ../shared/suites/pathological.json --suite Tests/Fixtures/Hostile/published.json \
	  --peers .build/hostile-peers.json

# RenderHighlight against Pygments (PyPI, into .build/peers-venv), per language, on the code
# blocks of the shared READMEs: the share of characters both class alike (comment, string,
# number, keyword), and the speeds; the table docs/highlighting.md gives.
.PHONY: highlight-quality
highlight-quality: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product highlight-tokens
	python3 scripts/highlight-quality.py \
	  --render-highlight "$$($(SWIFT) build -c release --show-bin-path)/highlight-tokens"

# The package as an app takes it: a temporary clone tagged 1.0.0, and a clean package that
# depends on its RenderKit product by a file:// URL and runs the README's library example,
# extracted from README.md, and a highlighted code block (scripts/check-consumer.sh). No
# network; prints the consumer's build time; leaves nothing behind.
.PHONY: check-consumer
check-consumer: deps
	SWIFT="$(SWIFT)" bash scripts/check-consumer.sh

# Screenshots a page in headless Chromium (installed with apt-get when missing) and checks
# its colours from the pixels, light and dark scheme; then opens `render preview` and checks
# that saves of the document and the stylesheet show up in the open page; loads all 6,906
# public XSS payloads (and the URLs) through the default configuration, fragment and page,
# alone and inside <details>, <picture> and table cells, a sample through every other engine
# and mode, with alert/confirm/prompt hooked and events fired: no script runs, no script
# vector in Chromium's DOM; every in-page link of ../shared's READMEs lands on an element.
# 2 min 12 s on 2 cores under load 11, 32 s before the full payload set (check.sh).
.PHONY: check-browser
check-browser: build
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "installing: chromium"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" sh Tests/BrowserCheck/check.sh

# `render batch` under Spark: RDD.pipe over a few thousand records (progit's chapters, html5lib's
# inputs, XSS payloads, the pathological suite under a small deadline) in local mode with 2
# workers; every record answered once, in order within each partition, hostile ones as errors,
# a sample equal to `render` on the same file. PySpark from PyPI into .build/peers-venv; the
# machine's Java (else Debian's). See scripts/check-distributed.sh.
.PHONY: check-distributed
check-distributed: build
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" sh scripts/check-distributed.sh

# Documents per second of `render batch` on many small documents against one `render` per file
# and against comrak, pyromark (Markdown -> HTML), Resiliparse and selectolax (HTML -> text),
# installed from PyPI into .build/peers-venv; --jobs 1 against 2; peak resident size over
# ten times the records. The table docs/batch.md gives.
.PHONY: batch-bench
batch-bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product render
	python3 scripts/batch-bench.py --render "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/render"

# What one hostile record (a pathological.json case past its deadline) costs `render batch`
# over 10,000 small records, against a benign record of its size in its place: the issue's bar
# is at most the deadline more. The figures docs/batch.md gives.
.PHONY: batch-hostile-cost
batch-hostile-cost: deps
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product render
	python3 scripts/batch-hostile-cost.py --render "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/render"

# HTML -> text, whole process: `render PAGE --to text` and `--to json` (default settings) against
# Resiliparse, selectolax and lxml (PyPI, into .build/peers-venv), on progit as one page and
# on html5lib's inputs: MB/s and documents/s. The README's "HTML to text" table.
.PHONY: html-text-bench
html-text-bench: deps
	for product in render render-worker; do \
	  $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product $$product || exit 1; \
	done
	python3 scripts/html-text-bench.py --render "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/render"

# Per-character style agreement (bold, italic, monospace, link, colour, size) of `render --to
# json` with headless Chromium, both importers, on every HTML page under /usr/share/doc (or
# PAGES=...); prints the table the README gives. Needs chromium (see check-browser).
.PHONY: check-styles
check-styles: build
	python3 Tests/BrowserCheck/styles.py --render "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/render" $(PAGES)

# The suites that start threads, tasks, workers or servers under ThreadSanitizer, and those that
# reach C (the engines, both importers, the highlighter's shim, YAML, zlib, the preview server,
# the worker's fork and arena) under AddressSanitizer, each in its own build folder so the
# normal build stays untouched; then LeakSanitizer over 1,000 renders per engine (cmark,
# Discount in-process and isolated) and 1,000 HTML imports. The suites left out (styles, text,
# terminal, math, outline, the document model, the benchmark kit, and the CLI's other commands
# under AddressSanitizer) are Swift on one thread over code the chosen suites also run. Five
# tests of large Discount output are skipped: sanitizers' realloc always copies (their allocator
# ignores the mmap threshold DiscountEngine sets), and Discount grows its output 100 bytes at a
# time, so under them the 20 MB CLI test never ends in practice, the deepest nesting examples
# and the repeated renders pass their deadlines, and the reference bomb hits its deadline before
# its memory cap (the host's resident size, which that test bounds, includes the sanitizer's
# shadow). Two timing tests are skipped too: under ThreadSanitizer a debug worker is too slow
# for the output-cap test's deadline, and the short renders start their workers too slowly to
# finish while the hostile renders still wait. The sweeps that repeat one code path over whole
# corpora (every spec example streamed under eight seeds, the hostile stream inputs, the
# serializer's byte parity) are left to `make test`: under the sanitizers they doubled the run
# and reach no code the other suites do not.
# RENDER_SANITIZER tells the tests that bound the host's resident size (which then includes
# the sanitizer's shadow memory) to leave that bound out.
# (valgrind 3.19 cannot read Swift's DWARF, hence LeakSanitizer; leaks inside the toolchain's
# XCTest and Foundation are suppressed in Fuzz/toolchain-leaks.supp.)
SANITIZER_SCRATCH := $(CURDIR)/.build/sanitizers
THREAD_SUITES := --filter \
  "^(HostileInputTests|RenderKitTests|RenderBatchTests|RenderPreviewTests|RenderStreamTests|RenderHighlightTests|RenderStylingTests|EngineCMarkTests|EngineCMarkGFMTests|EngineDiscountTests)\\.|^RenderCommandTests\\.(BatchCommandTests|StreamCommandTests|LiveCommandTests)"
C_SUITES := --filter \
  "^(HostileInputTests|RenderKitTests|RenderBatchTests|RenderPreviewTests|RenderHighlightTests|EngineCMarkTests|EngineCMarkGFMTests|EngineDiscountTests|EngineMD4CTests|HTMLImportTests|HTML5ImportTests|FrontMatterTests)\\."
SANITIZER_SKIP := --skip \
  "renderingTwentyMegabytesLosesNothing|containUntrustedInput|deepNestingThatCrashesDiscount|referenceBombDiscount|tenthRenderOfALargeDocument|outputCap|othersFinishFirst|StreamEqualityTests|HostileStreamTests|SerializerParityTests"
.PHONY: check-sanitizers
check-sanitizers: deps
	RENDER_SANITIZER=thread $(SWIFT) test --sanitize=thread --scratch-path $(SANITIZER_SCRATCH)/thread \
	  $(THREAD_SUITES) $(SANITIZER_SKIP)
	RENDER_SANITIZER=address LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/toolchain-leaks.supp \
	  $(SWIFT) test --sanitize=address --scratch-path $(SANITIZER_SCRATCH)/address \
	  $(C_SUITES) $(SANITIZER_SKIP)
	$(SWIFT) build --package-path Fuzz --scratch-path $(SANITIZER_SCRATCH)/leaks \
	  --product leak-check -Xswiftc -sanitize=address
	RENDER_WORKER_PATH=$(SANITIZER_SCRATCH)/address/debug/render-worker \
	  ASAN_OPTIONS=detect_leaks=1 $(SANITIZER_SCRATCH)/leaks/debug/leak-check 1000

# Every fuzz target for FUZZ_SECONDS each (default 20), seeded from Tests/Fixtures; a crash
# stops the run and leaves its input in .build/fuzz/artifacts. Longer runs: `make fuzz
# FUZZ_SECONDS=3600`, or one target: `make fuzz FUZZ_TARGETS=html5`. Every built-in engine and
# importer has a target named by its registry id (RegisteredComponentsChecklistTests).
FUZZ_SECONDS ?= 20
FUZZ_TARGETS ?= cmark cmark-gfm discount md4c libxml2 html5 sanitizer stylesheet configuration \
  front-matter
FUZZ_SCRATCH := $(CURDIR)/.build/fuzz
.PHONY: fuzz
fuzz: deps
	$(SWIFT) build --package-path Fuzz --scratch-path $(FUZZ_SCRATCH) --product render-fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
	@for target in $(FUZZ_TARGETS); do \
	  case $$target in \
	    cmark|cmark-gfm|discount|md4c) pattern='*.md' ;; libxml2|html5|sanitizer) pattern='*.html' ;; \
	    stylesheet) pattern='*.css' ;; configuration) pattern='*.json' ;; front-matter) pattern='*.md' ;; \
	    *) pattern='*' ;; \
	  esac; \
	  corpus=$(FUZZ_SCRATCH)/corpus/$$target; mkdir -p $$corpus $(FUZZ_SCRATCH)/artifacts; \
	  find Tests/Fixtures -name "$$pattern" -size -64k -exec cp {} $$corpus/ \; ; \
	  length=; [ $$target = discount ] && length=-max_len=4096; \
	  echo "fuzz $$target for $(FUZZ_SECONDS) s"; \
	  FUZZ_TARGET=$$target $(FUZZ_SCRATCH)/debug/render-fuzz $$corpus $$length \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_SCRATCH)/artifacts/$$target- || exit 1; \
	done
