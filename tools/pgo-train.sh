#!/usr/bin/env bash
# Trains the profile for profile-guided optimisation (docs/performance.md):
# builds the instrumented encsim (preset pgo, build/pgo) and runs every shipped
# scenario and session with it, a few thousand fights each, on one thread. The
# profile goes to build/pgo-profile, which the release preset compiles with.
# The training never runs the `encsim bench` workloads: the bench measures how
# the optimisation carries over to fights it was not trained on. It writes to
# build/pgo-profile, the presets' ENCSIM_PGO_PROFILE (a build configured with
# another folder trains its own way).
#   tools/pgo-train.sh            build, train (replacing any profile)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset pgo >/dev/null
cmake --build --preset pgo -j "$(nproc)" --target encsim >&2
rm -rf build/pgo-profile build/pgo-runs
mkdir -p build/pgo-runs
n=0
for f in scenarios/*/*.yaml; do
  # The libraries (a party, a bestiary) hold no fight of their own.
  case "$(basename "$f")" in party.yaml | monsters.yaml | adversaries.yaml) continue ;; esac
  build/pgo/encsim run "$f" -n 5000 --threads 1 -o build/pgo-runs >/dev/null
  n=$((n + 1))
done
rm -rf build/pgo-runs
# The release build's objects depend on this stamp (CMakeLists.txt): a new profile rebuilds them.
date -u +%FT%TZ >build/pgo-profile/trained
# A release build configured before there was a profile learns of the stamp.
if [ -d build/release ]; then cmake --preset release >/dev/null; fi
echo "pgo-train: $n scenarios run; profile in build/pgo-profile" >&2
