#!/usr/bin/env bash
# A one-machine Slurm cluster for DRT Studio's render-farm tests (docs/FARM.md): munged, slurmctld and
# slurmd on this machine, one partition "local" holding it, with the CPU count and memory slurmd
# itself measures (slurmd -C). Needs root (or sudo) to install and to run the daemons.
#
#   scripts/slurm-local.sh start    install slurm-wlm's daemons and munge when missing, write the
#                                   configuration, start what is not running, wait until the node
#                                   takes jobs (idempotent: a second start changes nothing)
#   scripts/slurm-local.sh stop     stop the daemons this script started (by their pid files)
#   scripts/slurm-local.sh status   sinfo's line for the node, or why there is none
#
# It writes /etc/slurm/slurm.conf only when there is none or it is one this script wrote (its first
# line says so): a machine with a real cluster configuration is left alone, and start says so.
set -euo pipefail

conf=/etc/slurm/slurm.conf
marker="# Written by DRT Studio's scripts/slurm-local.sh: a one-machine cluster for tests."
state=/var/lib/drt-slurm
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

install_missing() {
  local need=()
  command -v munged >/dev/null || need+=(munge)
  command -v slurmctld >/dev/null || need+=(slurmctld)
  command -v slurmd >/dev/null || need+=(slurmd)
  command -v sbatch >/dev/null || need+=(slurm-client)
  if [ ${#need[@]} -gt 0 ]; then
    echo "slurm-local: installing ${need[*]}"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
  fi
}

write_config() {
  if [ -f "$conf" ] && [ "$(head -1 "$conf")" != "$marker" ]; then
    echo "slurm-local: $conf is not ours (a real cluster's?); leaving it and its daemons alone" >&2
    return 1
  fi
  local host node
  host=$(hostname -s)
  # slurmd -C prints this machine as a NodeName line: real CPUs, sockets, cores and memory.
  node=$(slurmd -C | head -1)
  $SUDO mkdir -p "$state/ctld" "$state/d" /var/log/slurm /etc/slurm
  $SUDO tee "$conf.new" >/dev/null <<EOF
$marker
ClusterName=drtlocal
# By address too: a container's host name need not resolve.
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
# No cgroups inside containers and CI runners: processes are tracked and nothing is confined.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
# Finished jobs stay visible to squeue/scontrol for 5 minutes; status then reads the files.
MinJobAge=300
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
  if ! cmp -s "$conf.new" "$conf"; then
    $SUDO mv "$conf.new" "$conf"
    # A running controller must read the new file.
    if running "$state/slurmctld.pid"; then $SUDO scontrol reconfigure || true; fi
  else
    $SUDO rm -f "$conf.new"
  fi
}

start() {
  install_missing
  write_config || return 0
  if ! $SUDO test -f /etc/munge/munge.key; then
    $SUDO mungekey --create >/dev/null 2>&1 || $SUDO dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=128 status=none
    $SUDO chown munge:munge /etc/munge/munge.key
    $SUDO chmod 400 /etc/munge/munge.key
  fi
  $SUDO mkdir -p /run/munge /var/log/munge /var/lib/munge
  $SUDO chown munge:munge /run/munge /var/log/munge /var/lib/munge
  if ! munge -n >/dev/null 2>&1; then
    if [ -z "$SUDO" ]; then runuser -u munge -- /usr/sbin/munged; else sudo -u munge /usr/sbin/munged; fi
  fi
  running "$state/slurmctld.pid" || $SUDO slurmctld
  running "$state/slurmd.pid" || $SUDO slurmd
  # The node registers within seconds; a node left down by an earlier run is put back.
  for _ in $(seq 1 60); do
    local s
    s=$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)
    case "$s" in
      idle*|mix*|alloc*) echo "slurm-local: node $(hostname -s) $s ($(sinfo -h -N -o '%c CPUs, %m MB'))"; return 0 ;;
      down*|drain*) $SUDO scontrol update nodename="$(hostname -s)" state=resume >/dev/null 2>&1 || true ;;
    esac
    sleep 0.5
  done
  echo "slurm-local: the node did not come up; see /var/log/slurm/slurmctld.log and slurmd.log" >&2
  return 1
}

stop() {
  local f
  for f in "$state/slurmd.pid" "$state/slurmctld.pid"; do
    if running "$f"; then $SUDO kill "$(cat "$f")"; fi
  done
  if [ -f /run/munge/munged.pid ] && kill -0 "$(cat /run/munge/munged.pid)" 2>/dev/null; then
    $SUDO kill "$(cat /run/munge/munged.pid)"
  fi
  echo "slurm-local: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) sinfo -h -N -o '%N %t %c CPUs %m MB' 2>/dev/null || echo "slurm-local: no cluster answers" ;;
  *) echo "usage: scripts/slurm-local.sh start|stop|status" >&2; exit 2 ;;
esac
