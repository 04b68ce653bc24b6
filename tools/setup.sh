#!/usr/bin/env bash
# Sets up a fresh Debian machine for encsim and builds it (release preset,
# with profile-guided optimisation: tools/pgo-train.sh).
# Installs only what is missing, with apt-get; works as root or through sudo;
# safe to run again.
#   tools/setup.sh          the build and test dependencies
#   tools/setup.sh --fuzz   also clang and libFuzzer, for tools/fuzz (docs/fuzzing.md)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ ninja-build libtbb-dev libyaml-cpp-dev libcli11-dev libeigen3-dev libgtest-dev libbenchmark-dev
          libjs-chart.js              # Chart.js, compiled into encsim for report.html (docs/html-report.md)
          chromium                    # headless, for report.html's test
          python3 python3-matplotlib  # python3-matplotlib: tools/plot.py and its test
          parallel)                   # GNU parallel: the sharded sweep of the slow suite (docs/sharding.md)
for arg in "$@"; do
  case "$arg" in
    --fuzz) packages+=(clang libclang-rt-dev) ;;
    *) echo "setup: unknown option '$arg' (known: --fuzz)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# The release build is compiled with a profile of the shipped scenarios
# (docs/performance.md), trained once; tools/pgo-train.sh trains it again.
compgen -G "build/pgo-profile/*.gcda" >/dev/null || tools/pgo-train.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" >&2
