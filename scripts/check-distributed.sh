#!/bin/sh
# `make check-distributed`: `render batch` under Spark's RDD.pipe (scripts/check-distributed.py).
# PySpark comes from PyPI into .build/peers-venv (scripts/peers.py); Java is the machine's, else Debian's
# default-jre-headless. Needs ../shared beside the package (corpus, html5lib inputs, suites).
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SWIFT_FLAGS=${SWIFT_FLAGS:-}
SHARED=${RENDER_SHARED_DIR:-../shared}

if [ ! -f "$SHARED/README.md" ]; then
  echo "check-distributed: SKIPPED: $SHARED (corpus, html5lib inputs, suites) is missing" >&2
  exit 1
fi
if ! command -v java >/dev/null 2>&1; then
  echo "installing: default-jre-headless"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless
fi
# shellcheck disable=SC2086
$SWIFT build $SWIFT_FLAGS --product render
render="$($SWIFT build $SWIFT_FLAGS --show-bin-path)/render"
python3 scripts/check-distributed.py \
  "$render" --shared "$SHARED" --work .build/distributed
