#!/bin/sh
# Times `bt-fmu simulate` of an SSP beside OMSimulator 3.0.0 on the same SSP (issue 26):
# wall, CPU (user+system) and max RSS from /usr/bin/time -v, contenders alternating in every
# round so that load from other processes falls on all alike. Prints a Markdown table of
# medians and, per contender, the median over rounds of its wall time / OMSimulator's.
#   benchmarks/run-simulate.sh <file.ssp> [rounds]
# Environment:
#   OMSIMULATOR  the OMSimulator binary (default ../shared/tools/omsimulator/bin/OMSimulator)
#   BEFORE_CP    a class path to time as "before" (e.g. an older cosim's classes before
#                cli/target/bt-fmu.jar), run with the old launcher's options
#   EXTRA        more contenders, "label|java options" separated by ';' (run through the jar)
# The stop time is the SSP's; OMSimulator is given it with --stopTime (its default is 1 s).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
ssp="$(readlink -f "$1")"
rounds="${2:-5}"
oms="${OMSIMULATOR:-$root/../shared/tools/omsimulator/bin/OMSimulator}"
jar="$root/cli/target/bt-fmu.jar"
stop="$(unzip -p "$ssp" SystemStructure.ssd | grep -o 'stopTime="[^"]*"' | head -1 | cut -d'"' -f2)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/bt-fmu" --version > /dev/null 2>&1 || true # builds the jar if stale, outside the timing

labels="bt-fmu simulate (launcher)|launcher;OMSimulator --emitEvents=false|oms"
if [ -n "${BEFORE_CP:-}" ]; then
    labels="$labels;before (BEFORE_CP, old options)|before"
fi
if [ -n "${EXTRA:-}" ]; then
    labels="$labels;$EXTRA"
fi

run() { # label how round
    out="$work/out-$3"
    rm -rf "$out"
    mkdir -p "$out"
    case "$2" in
    launcher) set -- "$1" "$2" "$3" "$root/bt-fmu" simulate "$ssp" -o "$out" ;;
    oms) set -- "$1" "$2" "$3" "$oms" --tempDir="$out" --resultFile="$out/result.csv" --stopTime="$stop" \
            --emitEvents=false "$ssp" ;;
    before) set -- "$1" "$2" "$3" java --add-opens java.prefs/java.util.prefs=ALL-UNNAMED \
            -cp "$BEFORE_CP" org.btfmu.cli.BtFmu simulate "$ssp" -o "$out" ;;
    *) # shellcheck disable=SC2086
       set -- "$1" "$2" "$3" java $2 --add-opens java.prefs/java.util.prefs=ALL-UNNAMED -jar "$jar" \
            simulate "$ssp" -o "$out" ;;
    esac
    label="$1"
    shift 3
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > "$work/log" 2>&1 || {
        echo "$label failed:" >&2; cat "$work/log" >&2; exit 1; }
    echo "$label|$(cat "$work/time")" >> "$work/results"
}

echo "Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
r=1
while [ "$r" -le "$rounds" ]; do
    # rotate the order every round
    echo "$labels" | tr ';' '\n' | awk -v r="$r" '{a[NR]=$0} END {for (i = 0; i < NR; i++) print a[(i + r) % NR + 1]}' \
        > "$work/order"
    while IFS='|' read -r label how; do
        run "$label" "$how" "$r"
    done < "$work/order"
    r=$((r + 1))
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| contender | wall s (median) | CPU s (median) | max RSS MB (median) | wall / OMSimulator's (median over rounds) | CPU / OMSimulator's |"
echo "|---|---:|---:|---:|---:|---:|"
awk -F'|' -v rounds="$rounds" '
    function median(list, n,   i, j, t, v) {
        split(list, v, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        return v[int((n + 1) / 2)]
    }
    { split($2, t, " "); n[$1]++; k = n[$1]
      wall[$1, k] = t[1]; cpu[$1, k] = t[2] + t[3]; rss[$1, k] = t[4] / 1024
      if (!($1 in seen)) { seen[$1] = 1; order[++m] = $1 } }
    END {
      for (i = 1; i <= m; i++) if (order[i] ~ /^OMSimulator/) oms = order[i]
      for (i = 1; i <= m; i++) {
        c = order[i]; w = ""; u = ""; s = ""; rw = ""; ru = ""
        for (k = 1; k <= n[c]; k++) {
          w = w " " wall[c, k]; u = u " " cpu[c, k]; s = s " " rss[c, k]
          rw = rw " " wall[c, k] / wall[oms, k]; ru = ru " " cpu[c, k] / cpu[oms, k]
        }
        printf "| %s | %.2f | %.2f | %.0f | %.2f | %.2f |\n", c, median(w, n[c]), median(u, n[c]), median(s, n[c]),
            median(rw, n[c]), median(ru, n[c])
      }
    }' "$work/results"
echo
echo "$rounds rounds, contenders in a rotating order in every round; all runs write the same rows (86,401 for the 1 s solar day)."
