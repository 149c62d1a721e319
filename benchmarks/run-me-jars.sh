#!/bin/sh
# Two builds of the command-line jar side by side on one SSP in Model Exchange: `java <the
# launcher's options> -jar <jar> simulate <ssp> --interface me`, the two jars alternating (A B,
# then B A, ...) so that load from other processes falls on both alike. Per run: the integration's
# wall time (bt-fmu's "simulated ... in X s wall time"), the process's wall and CPU (user+system);
# with ASYNC_PROFILER (the path of libasyncProfiler.so) a second run per jar and round under
# async-profiler (cpu, 500 us): the main thread's CPU inside ModelExchangeMaster.run and the CSV
# writer thread's CPU. Prints one line per run, then the medians per jar and B / A.
#   benchmarks/run-me-jars.sh <A.jar> <B.jar> <scenario.ssp> [rounds]
# A.jar: e.g. a copy of cli/target/bt-fmu.jar built from main; B.jar: the same from a branch.
set -eu
a="$(readlink -f "$1")"
b="$(readlink -f "$2")"
ssp="$(readlink -f "$3")"
rounds="${4:-6}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
opts="-XX:+UseSerialGC -Xms8m -XX:TieredStopAtLevel=1 --add-opens java.prefs/java.util.prefs=ALL-UNNAMED"

run() { # name jar round
    out="$work/out"
    rm -rf "$out"
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %U %S" -o "$work/time" java $opts -jar "$2" simulate "$ssp" --interface me -o "$out" \
        > "$work/log" 2>&1 || { echo "$1 failed:" >&2; cat "$work/log" >&2; exit 1; }
    sim="$(grep -o 'in [0-9.]* s wall time' "$work/log" | cut -d' ' -f2)"
    main=-
    csv=-
    if [ -n "${ASYNC_PROFILER:-}" ]; then
        # shellcheck disable=SC2086
        java $opts -agentpath:"$ASYNC_PROFILER"=start,event=cpu,interval=500us,threads,file="$work/p.collapsed",collapsed \
            -jar "$2" simulate "$ssp" --interface me -o "$out" > /dev/null 2>&1
        main="$(grep '^\[main' "$work/p.collapsed" | grep 'ModelExchangeMaster.run' \
            | awk '{s += $NF} END {printf "%.3f", s * 0.0005}')"
        csv="$(grep '^\[bt-fmu-csv' "$work/p.collapsed" | awk '{s += $NF} END {printf "%.3f", s * 0.0005}')"
    fi
    echo "$1 $sim $(awk '{printf "%s %.2f", $1, $2 + $3}' "$work/time") $main $csv" | tee -a "$work/results"
}

echo "Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "jar simulation-wall-s process-wall-s process-cpu-s main-thread-cpu-in-run-s csv-thread-cpu-s"
r=1
while [ "$r" -le "$rounds" ]; do
    if [ $((r % 2)) -eq 1 ]; then
        run A "$a" "$r"
        run B "$b" "$r"
    else
        run B "$b" "$r"
        run A "$a" "$r"
    fi
    r=$((r + 1))
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
median() { # jar column
    awk -v j="$1" -v c="$2" '$1 == j && $c != "-" {print $c}' "$work/results" | sort -n \
        | awk '{v[NR] = $1} END {if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
echo
echo "| medians of $rounds rounds | simulation wall s | process wall s | process CPU s | main thread CPU in the run s | CSV thread CPU s |"
echo "|---|---|---|---|---|---|"
for j in A B; do
    echo "| $j | $(median $j 2) | $(median $j 3) | $(median $j 4) | $(median $j 5) | $(median $j 6) |"
done
ratio() { awk -v x="$(median B "$1")" -v y="$(median A "$1")" 'BEGIN {if (x == "-" || y + 0 == 0) print "-"; else printf "%.2f", x / y}'; }
echo "| B / A | $(ratio 2) | $(ratio 3) | $(ratio 4) | $(ratio 5) | $(ratio 6) |"
