#!/bin/sh
# Where `bt-fmu simulate` of an SSP spends its CPU, per thread, beside an older jar (issue 26 item 2):
# perf samples of every thread (the main thread is the one perf names "java"), CPU time and the
# serial collector's pauses (-Xlog:gc), the contenders alternating in every round.
#   benchmarks/run-simulate-threads.sh <file.ssp> <before.jar> [rounds] [top]
# Prints per run: samples by thread (main, the CSV writer, the report, the compiler, GC, other),
# young and full collections with their total pause, and with `top` > 0 the main thread's hottest
# symbols (JIT code named through -XX:+DumpPerfMapAtExit).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
ssp="$(readlink -f "$1")"
before="$(readlink -f "$2")"
rounds="${3:-3}"
top="${4:-0}"
after="$root/cli/target/bt-fmu.jar"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/bt-fmu" --version > /dev/null 2>&1 || true # builds the jar if stale, outside the runs
opts="-XX:+UseSerialGC -Xms8m -XX:TieredStopAtLevel=1 -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit"

run() { # label jar round
    out="$work/out"
    rm -rf "$out" /tmp/perf-*.map
    load="$(cut -d' ' -f1 /proc/loadavg)"
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %U %S" -o "$work/time" perf record -q -F 999 -o "$work/perf.data" -- \
        java $opts -Xlog:gc:file="$work/gc.log" --add-opens java.prefs/java.util.prefs=ALL-UNNAMED \
        -jar "$2" simulate "$ssp" -o "$out" > "$work/log" 2>&1 || { echo "$1 failed:" >&2; cat "$work/log" >&2; exit 1; }
    perf report -q -i "$work/perf.data" --sort comm -F overhead,comm --stdio 2>/dev/null | awk -v label="$1" \
        -v round="$3" -v load="$load" -v time="$(cat "$work/time")" '
        { p = $1; sub(/%/, "", p); $1 = ""; t = substr($0, 2)
          c[t == "java" ? "main" : t ~ /^bt-fmu-csv/ ? "csv" : t ~ /^bt-fmu-report/ ? "report" \
            : t ~ /^C[12] / ? "jit" : t ~ /^(VM Thread|GC )/ ? "gc" : "other"] += p }
        END { printf "| %s | %s | %s | %s | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% |", label, round,
            load, time, c["main"], c["csv"], c["report"], c["jit"], c["gc"], c["other"] }'
    total="$(perf report -q -i "$work/perf.data" --sort comm --stdio -F sample 2>/dev/null | awk '{s += $1} END {print s}')"
    main="$(perf report -q -i "$work/perf.data" --comm java --sort comm --stdio -F sample 2>/dev/null | awk '{s += $1} END {print s}')"
    young="$(grep -c 'Pause Young' "$work/gc.log" || true)"
    full="$(grep -c 'Pause Full' "$work/gc.log" || true)"
    pause="$(grep 'Pause' "$work/gc.log" | awk '{s += $NF + 0} END {printf "%.0f", s}')"
    echo " $total | $main | $young / $full, $pause ms | $(md5sum < "$out/result.csv" | cut -c1-8) |"
    if [ "$top" -gt 0 ]; then
        perf report -q -i "$work/perf.data" --comm java --sort symbol -F overhead,sym --stdio 2>/dev/null \
            | head -n "$top" | cut -c1-150 | sed 's/ *$//; s/^/    /'
    fi
}

echo "Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| run | round | load | wall s, user s, sys s | main | CSV writer | report | compiler | GC+VM | other | samples | main-thread samples | collections young / full, pauses | result.csv md5 |"
echo "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"
r=1
while [ "$r" -le "$rounds" ]; do
    if [ $((r % 2)) -eq 1 ]; then
        run before "$before" "$r"; run after "$after" "$r"
    else
        run after "$after" "$r"; run before "$before" "$r"
    fi
    r=$((r + 1))
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
