#!/usr/bin/env bash
# Rewrites tests/golden/*: run it only when the rules change on purpose, and say
# so (with the new `encsim bench` hash) in the commit message.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/encsim
"$bin" run scenarios/fivey/goblin-ambush.yaml -n 20000 --threads 1 -o tests/golden/goblin-ambush >/dev/null
# report.html is not a golden file (the CSVs are what the tests compare).
rm -f tests/golden/goblin-ambush/report.html
echo "rewrote tests/golden/goblin-ambush"
