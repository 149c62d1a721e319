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
#   BEFORE_JAR   an older build's bt-fmu.jar to time as "before", with the launcher's JVM
#                options of issue 26 (serial GC, -Xms8m, C1 only) and no class-data archive
#   NO_CDS=1     also time the launcher with BT_FMU_CDS=off (what the class-data archive saves)
#   JNA=1        also time the launcher with the per-step FMI calls through JNA's direct mapping
#                (-Dbtfmu.fmiCalls=jna: the fallback) instead of our JNI library
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
# One untimed run: writes the launcher's class-data archive for simulate (the first run after a
# build does) and brings the FMUs into the page cache.
"$root/bt-fmu" simulate "$ssp" -o "$work/warm-up" > /dev/null 2>&1 || true

labels="bt-fmu simulate (launcher)|launcher;OMSimulator --emitEvents=false|oms"
if [ -n "${NO_CDS:-}" ]; then
    labels="$labels;bt-fmu simulate (launcher, BT_FMU_CDS=off)|nocds"
fi
if [ -n "${JNA:-}" ]; then
    labels="$labels;bt-fmu simulate (launcher, JNA direct mapping)|jna"
fi
if [ -n "${BEFORE_JAR:-}" ]; then
    labels="$labels;before (BEFORE_JAR, same JVM options)|beforejar"
fi
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
    nocds) set -- "$1" "$2" "$3" env BT_FMU_CDS=off "$root/bt-fmu" simulate "$ssp" -o "$out" ;;
    jna) set -- "$1" "$2" "$3" env BT_FMU_JAVA_OPTS="${BT_FMU_JAVA_OPTS:-} -Dbtfmu.fmiCalls=jna" \
            "$root/bt-fmu" simulate "$ssp" -o "$out" ;;
    beforejar) set -- "$1" "$2" "$3" java -XX:+UseSerialGC -Xms8m -XX:TieredStopAtLevel=1 \
            --add-opens java.prefs/java.util.prefs=ALL-UNNAMED -jar "$BEFORE_JAR" simulate "$ssp" -o "$out" ;;
    oms) set -- "$1" "$2" "$3" "$oms" --tempDir="$out" --resultFile="$out/result.csv" --stopTime="$stop" \
            --emitEvents=false "$ssp" ;;
    before) set -- "$1" "$2" "$3" java --add-opens java.prefs/java.util.prefs=ALL-UNNAMED \
            -cp "$BEFORE_CP" org.btfmu.cli.BtFmu simulate "$ssp" -o "$out" ;;
    *) # shellcheck disable=SC2086
       set -- "$1" "$2" "$3" java $2 --add-opens java.prefs/java.util.prefs=ALL-UNNAMED -jar "$jar" \
            simulate "$ssp" -o "$out" ;;
    esac
    label="$1"
    round="$3"
    shift 3
    load="$(cut -d' ' -f1 /proc/loadavg)"
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > "$work/log" 2>&1 || {
        echo "$label failed:" >&2; cat "$work/log" >&2; exit 1; }
    rows="$(($(wc -l < "$out/result.csv") - 1))"
    echo "$label|$(cat "$work/time")|$round|$load|$rows" >> "$work/results"
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
awk -F'|' -v rounds="$rounds" -v labels="$labels" '
    function median(list, n,   i, j, t, v) {
        split(list, v, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        return v[int((n + 1) / 2)]
    }
    { split($2, t, " "); n[$1]++; k = n[$1]
      wall[$1, k] = t[1]; cpu[$1, k] = t[2] + t[3]; rss[$1, k] = t[4] / 1024 }
    END {
      m = split(labels, l, ";"); for (i = 1; i <= m; i++) { split(l[i], p, "|"); order[i] = p[1] }
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
echo "Per round (wall s, CPU s in brackets; the 1-minute load average when the run started):"
echo
awk -F'|' -v labels="$labels" '
    { split($2, t, " "); c = $1; r = $3
      if (r > rounds) rounds = r
      cell[c, r] = sprintf("%.2f (%.2f)", t[1], t[2] + t[3]); wall[c, r] = t[1]; load[r] = load[r] " " $4
      rows[c] = rows[c] == "" || rows[c] == $5 ? $5 : rows[c] "/" $5 }
    END {
      m = split(labels, l, ";"); for (i = 1; i <= m; i++) { split(l[i], p, "|"); order[i] = p[1] }
      for (i = 1; i <= m; i++) if (order[i] ~ /^OMSimulator/) oms = order[i]
      printf "| round | load |"; for (i = 1; i <= m; i++) printf " %s |", order[i]
      printf " bt-fmu wall / OMSimulator'"'"'s |\n|---|---|"; for (i = 0; i <= m; i++) printf "---:|"; printf "\n"
      for (r = 1; r <= rounds; r++) {
        printf "| %d |%s |", r, load[r]; for (i = 1; i <= m; i++) printf " %s |", cell[order[i], r]
        printf " %.2f |\n", wall[order[1], r] / wall[oms, r]
      }
      printf "\nRows of result.csv (without the header):"
      for (i = 1; i <= m; i++) printf " %s %s;", order[i], rows[order[i]]
      printf "\n"
    }' "$work/results"
echo
echo "$rounds rounds, contenders in a rotating order in every round, after one untimed run of the launcher."
