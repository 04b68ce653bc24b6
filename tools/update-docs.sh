#!/usr/bin/env bash
# Rewrites the generated blocks of docs/scenarios.md from `encsim rules ID`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/encsim
for id in $("$bin" rules | awk 'NR > 1 && /^  [a-z]/ {print $1}'); do
  python3 - "$id" "$("$bin" rules "$id")" <<'PY'
import sys, re
ident, text = sys.argv[1], sys.argv[2]
path = "docs/scenarios.md"
doc = open(path).read()
begin, end = f"<!-- BEGIN encsim rules {ident} -->", f"<!-- END encsim rules {ident} -->"
block = begin + "\n```\n" + text.rstrip("\n") + "\n```\n" + end
doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: block, doc, flags=re.S)
open(path, "w").write(doc)
PY
done
echo "rewrote docs/scenarios.md"
