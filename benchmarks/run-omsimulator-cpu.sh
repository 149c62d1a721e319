#!/bin/sh
# What the mission FMU costs OMSimulator's whole process (BENCHMARKS.md §6, issue 26): each
# contender "label|file.ssp|libjvm|options" (libjvm empty: the guest JVM from PATH; else
# BTFMU_LIBJVM; options: the guest JVM's BTFMU_JAVA_OPTIONS, may be empty) runs
# `OMSimulator --stopTime=<stop> --emitEvents=false <ssp>` under /usr/bin/time, the contenders
# alternating in every round (one fresh process each). Reported per contender: the medians of
# the wall time, the CPU time of all the process's threads (user + system: OMSimulator, the
# FMUs, the guest JVM's compiler and GC threads) and the maximum resident memory.
# Before the rounds, one unmeasured run per contender makes the guest JVM's class-data archive.
#   benchmarks/run-omsimulator-cpu.sh <stop> <rounds> 'label|a.ssp||' 'label|a.ssp||-XX:TieredStopAtLevel=4' ...
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
stop="$1"; rounds="$2"; shift 2
oms="${OMSIMULATOR:-$root/../shared/tools/omsimulator/bin/OMSimulator}"
work="$(mktemp -d)"
. "$root/benchmarks/omsimulator-rounds.sh"
trap 'rm -rf "$work"' EXIT

run() { # label ssp libjvm options -> "label wall cpu rss"
    rm -rf "$work/run"; mkdir -p "$work/run"
    (cd "$work/run" && /usr/bin/time -o time -f "%e %U %S %M" "$oms" --tempDir=tmp --stopTime="$stop" \
        --emitEvents=false "$2" > log 2>&1) || { echo "$1 failed" >&2; cat "$work/run/log" >&2; exit 1; }
    awk -v label="$1" '{ printf "%s|%.2f|%.2f|%.0f\n", label, $1, $2 + $3, $4 / 1024 }' "$work/run/time"
}

echo "Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
oms_rounds "$rounds" "$work/results" "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| run ($rounds alternating rounds) | wall s (median) | CPU s, all threads (median) | max RSS MB (median) | CPU s per round |"
echo "|---|---:|---:|---:|---|"
awk -F'|' '{ if (!($1 in seen)) { seen[$1] = 1; order[++m] = $1 }
             n[$1]++; w[$1, n[$1]] = $2; c[$1, n[$1]] = $3; r[$1, n[$1]] = $4
             all[$1] = all[$1] (all[$1] == "" ? "" : " / ") $3 }
     function median(a, label, k,   i, j, t, v) {
         for (i = 1; i <= k; i++) v[i] = a[label, i]
         for (i = 2; i <= k; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
         return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2 }
     END { for (i = 1; i <= m; i++) { l = order[i]
             printf "| %s | %.2f | %.2f | %.0f | %s |\n", l, median(w, l, n[l]), median(c, l, n[l]), median(r, l, n[l]), all[l] } }' "$work/results"
