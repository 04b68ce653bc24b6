#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ENCSIM_FUZZ=ON, in build/fuzz) and runs
# each for SECONDS (default 60) from seed corpora made of the shipped
# scenarios. Exit 77 (a skip for ctest) when clang or libFuzzer is missing:
# `tools/setup.sh --fuzz` installs them. docs/fuzzing.md says more.
#   tools/fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(fuzz_scenario fuzz_dice fuzz_conditions)
build=build/fuzz

cxx=${CXX_FUZZ:-clang++}
if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "fuzz: $cxx not found; skipped (tools/setup.sh --fuzz installs clang)" >&2
  exit 77
fi
mkdir -p "$build"
probe="$build/libfuzzer-probe"
printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' >"$probe.cpp"
if ! "$cxx" -fsanitize=fuzzer "$probe.cpp" -o "$probe" >/dev/null 2>&1; then
  echo "fuzz: $cxx cannot link libFuzzer; skipped (tools/setup.sh --fuzz installs libclang-rt-dev)" >&2
  exit 77
fi

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
  -DENCSIM_FUZZ=ON -DENCSIM_BUILD_TESTS=OFF -DENCSIM_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target "${targets[@]}" -j "$(nproc)" >&2

# Seeds: every shipped scenario and library (include paths made relative to
# scenarios/, the fuzz target's base directory), and the dice expressions and
# conditions they contain.
seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/fuzz_scenario" "$seeds/fuzz_dice" "$seeds/fuzz_conditions"
for f in scenarios/*/*.yaml; do
  sys=$(basename "$(dirname "$f")")
  sed -E "s#^include: \[(.*)\]#include: [$sys/\1]#; s#, ([a-z-]+\.yaml)#, $sys/\1#g; s#^include: ([a-z-]+\.yaml)\$#include: $sys/\1#" \
    "$f" >"$seeds/fuzz_scenario/$sys-$(basename "$f")"
done
n=0
grep -rhoE "(damage|dice|hp|roll): *\"?[0-9dDkhlKHL%+ -]+\"?" scenarios | sed -E 's/^[a-z]+: *"?//; s/"$//' | sort -u |
  while read -r d; do n=$((n + 1)); printf '%s' "$d" >"$seeds/fuzz_dice/$n"; done
for d in d20 2d6+3 4d6kh3 2d20kl1 'd%' 1d8-1d4+2 10d10dl2; do printf '%s' "$d" >"$seeds/fuzz_dice/x-$d"; done
grep -rhoE "when: *\"[^\"]+\"" scenarios | sed -E 's/^when: *"//; s/"$//' | sort -u |
  while read -r c; do n=$((n + 1)); printf '%s' "$c" >"$seeds/fuzz_conditions/$n"; done
printf '%s' 'self.hp_frac < 0.5 and (enemies_alive >= 2 or not round > 3)' >"$seeds/fuzz_conditions/x-1"

total=0
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  mkdir -p "$corpus"
  log="$build/$t.log"
  echo "fuzz: $t for ${secs}s" >&2
  status=0
  "$build/$t" -max_total_time="$secs" -timeout=30 -rss_limit_mb=3072 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$build/$t-" "$corpus" "$seeds/$t" >"$log" 2>&1 || status=$?
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
  peak=$(grep -oE 'stat::peak_rss_mb: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
  echo "fuzz: $t: $runs executions, peak RSS ${peak} MB, exit $status" >&2
  if ((status != 0)); then
    tail -n 60 "$log" >&2
    exit 1
  fi
  total=$((total + runs))
done
echo "fuzz: $total executions in all" >&2
