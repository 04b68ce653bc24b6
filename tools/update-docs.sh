#!/usr/bin/env bash
# Rewrites the generated blocks of docs/scenarios.md from `encsim rules ID`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/encsim
# The rules text goes through a file: one argument may hold at most 128 KiB
# (MAX_ARG_STRLEN), and Daggerheart's is longer.
text_file=$(mktemp)
trap 'rm -f "$text_file"' EXIT
for id in $("$bin" rules | awk 'NR > 1 && /^  [a-z]/ {print $1}'); do
  "$bin" rules "$id" >"$text_file"
  python3 - "$id" "$text_file" <<'PY'
import sys, re
ident, text = sys.argv[1], open(sys.argv[2]).read()
path = "docs/scenarios.md"
doc = open(path).read()
begin, end = f"<!-- BEGIN encsim rules {ident} -->", f"<!-- END encsim rules {ident} -->"
block = begin + "\n```\n" + text.rstrip("\n") + "\n```\n" + end
doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: block, doc, flags=re.S)
open(path, "w").write(doc)
PY
done
echo "rewrote docs/scenarios.md"
