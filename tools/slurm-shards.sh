#!/usr/bin/env bash
# Runs an encsim run, sweep, tune or sensitivity as a Slurm job array of N
# shards, then merges the parts in a job that starts once every shard has
# succeeded (docs/sharding.md). One `sbatch --array` line, one dependent merge.
#
#   tools/slurm-shards.sh [options] -- ENCSIM COMMAND ARGS...
#
#   --shards N        how many shards (array tasks 1..N; default 4)
#   --parts DIR       where the shards write their parts (default parts; a
#                     folder every node can see, e.g. on the shared file system)
#   --out DIR         where merge writes the CSVs (default results)
#   --sbatch "ARGS"   more sbatch options for both jobs (partition, time, ...)
#   --wait            return only when the merge job has ended, with its exit code
#   --dry-run         print the two sbatch commands (and ask `sbatch --test-only`
#                     about the array when sbatch is here) instead of submitting
#   --local           run the very commands the jobs would run, here, one after
#                     another (the tasks with SLURM_ARRAY_TASK_ID set): a check
#                     of the script and of the command line without Slurm
#
# $SBATCH names the sbatch to call (default sbatch), e.g. a site's wrapper.
#
# Example:
#   tools/slurm-shards.sh --shards 64 --sbatch "--partition=short --time=30" -- \
#     build/release/encsim sweep scenarios/fivey/troll-bridge.yaml --set foes.Troll.hp=10..80 -n 2e7 --threads 1
set -euo pipefail

shards=4 parts=parts out=results extra="" mode=submit wait=()
sbatch="${SBATCH:-sbatch}"
while (($#)); do
  case "$1" in
    --shards) shards="$2"; shift 2 ;;
    --parts) parts="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --sbatch) extra="$2"; shift 2 ;;
    --wait) wait=(--wait); shift ;;
    --dry-run) mode=dry; shift ;;
    --local) mode=local; shift ;;
    --) shift; break ;;
    *) echo "slurm-shards: unknown option '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
if (($# < 2)); then
  echo "slurm-shards: expected -- ENCSIM COMMAND ARGS... after the options" >&2
  exit 2
fi
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then
  echo "slurm-shards: --shards must be a whole number from 1, got '$shards'" >&2
  exit 2
fi
encsim="$1"
shift

# The job scripts, with every argument quoted for the shell that runs them.
printf -v args ' %q' "$@"
task="$(printf '%q' "$encsim")$args --shard \"\$SLURM_ARRAY_TASK_ID/$shards\" -o $(printf '%q' "$parts")"
merge="$(printf '%q' "$encsim") merge $(printf '%q' "$parts") -o $(printf '%q' "$out")"
# shellcheck disable=SC2206  # extra is meant to split into options
extra_args=($extra)

case "$mode" in
  local)
    for ((i = 1; i <= shards; i++)); do SLURM_ARRAY_TASK_ID=$i bash -c "$task"; done
    bash -c "$merge"
    ;;
  dry)
    echo "sbatch --parsable --array=1-$shards ${extra_args[*]} --job-name=encsim-shards --wrap=$(printf '%q' "$task")"
    echo "sbatch --dependency=afterok:\$JOB ${extra_args[*]} --job-name=encsim-merge --wrap=$(printf '%q' "$merge")"
    if command -v "$sbatch" >/dev/null; then
      "$sbatch" --test-only --array="1-$shards" "${extra_args[@]}" --job-name=encsim-shards --wrap="$task"
    fi
    ;;
  submit)
    mkdir -p "$parts"
    job=$("$sbatch" --parsable --array="1-$shards" "${extra_args[@]}" --job-name=encsim-shards --wrap="$task")
    job=${job%%;*}  # "123;cluster" on a multi-cluster site
    echo "submitted the shards as job $job (array 1-$shards); the merge follows it and writes to $out" >&2
    "$sbatch" --parsable "${wait[@]}" --dependency="afterok:$job" "${extra_args[@]}" --job-name=encsim-merge --wrap="$merge"
    ;;
esac
