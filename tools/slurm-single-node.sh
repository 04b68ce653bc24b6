#!/usr/bin/env bash
# Starts (or stops) a single-node Slurm on this machine, controller and
# compute daemon on localhost with munge, for the slow test of
# tools/slurm-shards.sh (docs/sharding.md). Debian; needs root. Not for
# production: no accounting, no cgroups, jobs run as the submitting user.
#   tools/slurm-single-node.sh start    install if missing, configure, start
#   tools/slurm-single-node.sh stop     stop the three daemons it started
set -euo pipefail
pids=/run/encsim-slurm-single-node.pids
case "${1:-}" in
  start)
    pkgs=(slurmctld slurmd slurm-client munge)
    missing=()
    for p in "${pkgs[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
    if ((${#missing[@]})); then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
    host=$(hostname -s)
    cpus=$(nproc)
    [ -s /etc/munge/munge.key ] || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; }
    chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
    mkdir -p /run/munge /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
    chown munge:munge /run/munge
    cat > /etc/slurm/slurm.conf <<CONF
ClusterName=encsim-test
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    munge=-  # a munged already running is left alone by stop
    if ! pgrep -x munged >/dev/null; then
      su -s /bin/sh munge -c /usr/sbin/munged
      munge=$(pgrep -xo munged)
    fi
    /usr/sbin/slurmctld
    sleep 1
    /usr/sbin/slurmd
    echo "$munge $(cat /run/slurmctld.pid) $(cat /run/slurmd.pid)" > "$pids"
    for _ in $(seq 30); do sinfo -h -o %T 2>/dev/null | grep -q idle && { sinfo; exit 0; }; sleep 1; done
    echo "slurm-single-node: the node did not come up; see /var/log/slurm/" >&2
    exit 1
    ;;
  stop)
    [ -f "$pids" ] || { echo "slurm-single-node: nothing started here" >&2; exit 0; }
    read -r munge ctld d < "$pids"
    kill "$d" "$ctld" 2>/dev/null || true
    [ "$munge" = - ] || kill "$munge" 2>/dev/null || true
    rm -f "$pids"
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
