#!/bin/sh
# Builds every target.
for target in a b; do
  if [ -n "$target" ]; then
    echo "building $target" && make -j 2
  fi
done
