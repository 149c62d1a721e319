#!/bin/sh
# The mission FMU's share of OMSimulator's main thread (BENCHMARKS.md §6, issue 26): each
# contender "label|file.ssp|libjvm" (libjvm empty: the guest JVM from PATH; else BTFMU_LIBJVM)
# runs `OMSimulator --stopTime=<stop> --emitEvents=false <ssp>` under `perf record -F 999`, the
# contenders alternating in every round (one fresh process each); an optional fourth field,
# "label|file.ssp|libjvm|options", gives that contender's guest JVM BTFMU_JAVA_OPTIONS.
# Main-thread samples are attributed by DSO: the mission FMU is libjvm.so, the JIT's code and
# the interpreter (perf's [unknown] or perf-<pid>.map), the JDK's own libraries and the shim
# (<model identifier>.so, given as SHIM, default solar_day.so); the rest is OMSimulator, libc,
# the kernel and the plant.
# Before the rounds, one unmeasured run per contender makes the guest JVM's class-data archive
# (in the background: the rounds wait until no archive is being made, at most a minute).
#   benchmarks/run-omsimulator-share.sh <stop> <rounds> 'label|a.ssp|' 'label|b.ssp|/usr/lib/jvm/x/lib/server/libjvm.so' ...
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
stop="$1"; rounds="$2"; shift 2
oms="${OMSIMULATOR:-$root/../shared/tools/omsimulator/bin/OMSimulator}"
shim="${SHIM:-solar_day.so}"
work="$(mktemp -d)"
. "$root/benchmarks/omsimulator-rounds.sh"
trap 'rm -rf "$work"' EXIT

run() { # label ssp libjvm options -> "label total fmu"
    rm -rf "$work/run"; mkdir -p "$work/run"
    (cd "$work/run" && perf record -q -F 999 -o perf.data -- "$oms" --tempDir=tmp --stopTime="$stop" \
        --emitEvents=false "$2" > log 2>&1) || { echo "$1 failed" >&2; cat "$work/run/log" >&2; exit 1; }
    perf script -i "$work/run/perf.data" -F pid,tid,ip,dso 2>/dev/null | awk -v label="$1" -v shim="$shim" '
        { split($1, a, "/"); if (a[1] != a[2]) next; n++
          d = $NF; gsub(/[()]/, "", d); sub(/.*\//, "", d)
          if (d ~ /^libjvm|^\[unknown\]$|^perf-|^libjava|^libjimage|^libzip|^libnio|^libverify/ || d == shim) f++ }
        END { printf "%s|%d|%d\n", label, n, f }'
}

echo "Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
oms_rounds "$rounds" "$work/results" "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| run ($rounds alternating rounds) | main-thread samples | of which mission FMU | FMU share of the main thread |"
echo "|---|---:|---:|---:|"
awk -F'|' '{ if (!($1 in seen)) { seen[$1] = 1; order[++m] = $1 }
             t[$1] = t[$1] (t[$1] == "" ? "" : " / ") $2; f[$1] = f[$1] (f[$1] == "" ? "" : " / ") $3
             s[$1] = s[$1] (s[$1] == "" ? "" : " / ") sprintf("%.1f %%", 100 * $3 / $2) }
     END { for (i = 1; i <= m; i++) printf "| %s | %s | %s | %s |\n", order[i], t[order[i]], f[order[i]], s[order[i]] }' "$work/results"
