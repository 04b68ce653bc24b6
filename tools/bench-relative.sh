#!/usr/bin/env bash
# The Daggerheart bench measured against a reference build on the same
# machine (docs/performance.md, "A bar that travels"). Issue 11 set its bar,
# 300,000 level-5 combats/s on two cores, beside 637,000 for the level-1
# workload of the code at 364dbba, on the machine of the day: the level-5
# fight may cost at most 637/300 times that one. Machines here differ by two
# or three times from day to day, so this script builds 364dbba's encsim
# (once, into build/ref-REF), then runs each build's own Daggerheart bench
# workload (taken from its src/cli/bench.cpp) on both cores, alternating,
# and prints the best of each (noise only ever slows a run) and their ratio
# beside the bar's.
#   tools/bench-relative.sh [REPS] [BINARY] [REF]
#     REPS    rounds of the pair (default 8)
#     BINARY  the build to measure, built from this checkout (its workload
#             is read from this checkout's src/cli/bench.cpp); a relative
#             path is taken from the repository's top (default
#             build/release/encsim)
#     REF     the reference commit (default 364dbba)
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-8}
bin=${2:-build/release/encsim}
ref=${3:-364dbba}
refdir="build/ref-$ref"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The Daggerheart workload of a bench.cpp, as a scenario file.
workload() {
  awk '/kDaggerheartBenchYaml = R"\(/ { on = 1; sub(/.*R"\(/, ""); print; next }
       on && /^\)";/ { exit }
       on { print }'
}

if [ ! -x "$refdir/encsim" ]; then
  echo "bench-relative: building encsim at $ref into $refdir (a few minutes, once)" >&2
  mkdir -p "$refdir/src"
  git archive "$ref" | tar -x -C "$refdir/src"
  cmake -S "$refdir/src" -B "$refdir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DENCSIM_BUILD_TESTS=OFF -DENCSIM_BUILD_BENCH=OFF >/dev/null
  cmake --build "$refdir/build" --target encsim -j "$(nproc)" >&2
  cp "$refdir/build/encsim" "$refdir/encsim"
fi
git show "$ref:src/cli/bench.cpp" | workload >"$work/ref.yaml"
workload <src/cli/bench.cpp >"$work/now.yaml"
[ -s "$work/ref.yaml" ] && [ -s "$work/now.yaml" ] || { echo "bench-relative: no Daggerheart workload found" >&2; exit 1; }

# Combats per second of one run: the figure on the run's last line.
speed() { "$@" | grep -o '[0-9]* combats/s' | cut -d' ' -f1; }

best_ref=0 best_now=0
for r in $(seq "$reps"); do
  a=$(speed "$refdir/encsim" run "$work/ref.yaml" -n 400000 --threads 2)
  b=$(speed "$bin" run "$work/now.yaml" -n 150000 --threads 2 --no-band)
  echo "round $r: reference $a, this build $b combats/s"
  ((a > best_ref)) && best_ref=$a
  ((b > best_now)) && best_now=$b
done
awk -v r="$best_ref" -v n="$best_now" -v ref="$ref" 'BEGIN {
  printf "best: reference (%s, level 1) %d, this build (level 5) %d combats/s\n", ref, r, n
  printf "ratio %.3f; the bar 300/637 = %.3f, here %d combats/s\n", n / r, 300 / 637, r * 300 / 637
}'
