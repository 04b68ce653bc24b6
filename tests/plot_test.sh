#!/usr/bin/env bash
# ctest: tools/plot.py draws every kind of CSV encsim writes. The CSVs come
# from the encsim binary itself (small runs), so a change of columns that
# breaks the script fails here. Exit 77 (ctest: skipped) only when no python3
# with matplotlib exists; tools/setup.sh installs Debian's, so CI runs it.
set -euo pipefail
encsim=$1
src=$2
py=""
for candidate in /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "import matplotlib" 2>/dev/null; then
    py=$candidate
    break
  fi
done
if [ -z "$py" ]; then
  echo "SKIPPED: no python3 with matplotlib (install python3-matplotlib: tools/setup.sh does)"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
troll=$src/scenarios/fivey/troll-bridge.yaml
"$encsim" sweep "$troll" --set foes.Troll.defense=12..16:2 -n 2000 -o "$dir/sweep1" >/dev/null
"$encsim" sweep "$troll" --set foes.Troll.defense=12..14 --set party.Veteran.strength=2..3 -n 2000 -o "$dir/sweep2" >/dev/null
"$encsim" tune "$troll" --param foes.Troll.defense --lo 8 --hi 20 --target-win 0.6 -n 4096 -o "$dir/tune" >/dev/null
"$encsim" sensitivity "$troll" --params foes.Troll.defense,foes.Troll.regenerate -n 2000 -o "$dir/sens" >/dev/null
"$py" "$src/tools/plot.py" "$dir/sweep1/summary.csv" "$dir/sweep2/summary.csv" "$dir/tune/tune.csv" \
  "$dir/sens/sensitivity.csv" "$dir/sweep1/comparison.csv" "$dir/sweep1/distributions.csv"
for png in sweep1/summary sweep2/summary tune/tune sens/sensitivity sweep1/comparison sweep1/distributions; do
  f=$dir/$png.png
  if [ ! -s "$f" ] || [ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' \n')" != "89504e470d0a1a0a" ]; then
    echo "FAILED: $f is missing or not a PNG"
    exit 1
  fi
  if [ "$(stat -c %s "$f")" -lt 10000 ]; then
    echo "FAILED: $f is suspiciously small ($(stat -c %s "$f") bytes)"
    exit 1
  fi
done
# A file that is not encsim's is refused with a message, not a traceback.
printf 'a,b\n1,2\n' >"$dir/other.csv"
if out=$("$py" "$src/tools/plot.py" "$dir/other.csv" 2>&1); then
  echo "FAILED: a foreign CSV was accepted"
  exit 1
fi
case $out in
  *"is not an encsim"*) ;;
  *) echo "FAILED: unexpected message: $out"; exit 1 ;;
esac
echo "plot.py drew 6 charts"
