#!/bin/sh
# Reaction delay (issue 22, item 5): every demo scenario (bt-fmu demo) run with its stop time
# at its own communication step times each factor of SCALES (default "1 2.5"):
#   2.0        the demo's FMUs: FMI 2.0 mission, FMI 2.0 plant (Co-Simulation)
#   3.0+2.0    the mission built with --fmi 3 (Event Mode, early return), the FMI 2.0 plant
#   3.0        the FMI 3.0 mission and the FMI 3.0 build of the plant (test-fmus <Model>_fmi3.fmu,
#              which returns early at its own time events and crossings)
#   ME         the FMI 2.0 FMUs as one Model Exchange system (events located; once per scenario)
# A status change is listed when it takes effect off the communication grid in one of the
# FMI 3.0 runs, matched across runs as the same task's k-th change. "mission" marks a change at
# an early return of the mission itself (3.0+2.0 off the grid: one of its own time events),
# "plant" one that only the FMI 3.0 plant's early return moves (a crossing of a plant output).
# At most ROWS (default 6) rows per scenario and step; the rest are counted. Prints Markdown.
#   benchmarks/run-reaction-delay.sh [work-dir]
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
scales="${SCALES:-1 2.5}"
btfmu="$root/bt-fmu"
plants="$root/test-fmus/target/classes/org/btfmu/testfmus"
[ -d "$work/demo" ] || "$btfmu" demo -o "$work/demo" > /dev/null

echo "| scenario | step (s) | task: change | kind | 2.0 | 3.0+2.0 | 3.0 | ME |"
echo "|---|---|---|---|---|---|---|---|"
for d in "$work"/demo/*/; do
    d="${d%/}"
    name="$(basename "$d")"
    ssd="$(unzip -p "$d/scenario.ssp" SystemStructure.ssd)"
    stop="$(echo "$ssd" | grep -o 'stopTime="[^"]*"' | head -1 | cut -d'"' -f2)"
    base="$(echo "$ssd" | grep -o 'CommunicationStep size="[^"]*"' | head -1 | cut -d'"' -f2)"
    model="$(unzip -p "$d/plant.fmu" modelDescription.xml | grep -o 'modelName="[^"]*"' | head -1 | cut -d'"' -f2)"
    [ -f "$d/mission3.fmu" ] || "$btfmu" build "$d/mission.json" --fmi 3 -o "$d/mission3.fmu" > /dev/null
    [ -f "$d/me/result.csv" ] || "$btfmu" simulate "$d/scenario.ssp" --interface me -o "$d/me" > /dev/null 2>&1
    for scale in $scales; do
        step="$(awk -v a="$base" -v b="$scale" 'BEGIN { printf "%g", a * b }')"
        for run in 2 32 3; do
            case $run in
            2) m="$d/mission.fmu"; p="$d/plant.fmu" ;;
            32) m="$d/mission3.fmu"; p="$d/plant.fmu" ;;
            3) m="$d/mission3.fmu"; p="$plants/${model}_fmi3.fmu" ;;
            esac
            "$btfmu" simulate --fmu "mission=$m" --fmu "plant=$p" --connections "$d/connections.json" \
                --stop "$stop" --step "$step" -o "$d/run-$step-$run" > "$d/run-$step-$run.log" 2>&1
        done
        awk -F, -v name="$name" -v step="$step" -v limit="${ROWS:-6}" '
            BEGIN { split("SUCCESS FAILURE ACCEPT ACTIVATING RUNNING FINISHED ABORTED DEACTIVATING", s, " ") }
            FNR == 1 { f++; for (i = 1; i <= NF; i++) col[f, i] = $i; next }
            {
                for (i = 2; i <= NF; i++) {
                    if (col[f, i] !~ /^mission\.status\./) continue
                    if ((f, i) in last && last[f, i] != $i) {
                        k = ++n[f, i]; at[f, i, k] = $1 + 0; to[f, i, k] = $i; from[f, i, k] = last[f, i]
                    }
                    last[f, i] = $i; cols[i] = 1
                }
            }
            function offgrid(t,   r) { r = t / step - int(t / step + 0.5); return r > 1e-9 || r < -1e-9 }
            function when(g, i, k) {
                if (!((g, i, k) in at)) return "-"
                return sprintf("%.10g", at[g, i, k]) (to[g, i, k] == to[1, i, k] ? "" : " (other)")
            }
            END {
                rows = 0; more = 0
                for (i in cols) for (k = 1; k <= n[1, i] || k <= n[2, i] || k <= n[3, i]; k++) {
                    mission = ((2, i, k) in at) && offgrid(at[2, i, k])
                    plant = ((3, i, k) in at) && offgrid(at[3, i, k])
                    if (!mission && !plant) continue
                    if (rows >= limit) { more++; continue }
                    task = col[1, i]; sub(/^mission\.status\./, "", task)
                    g = ((1, i, k) in at) ? 1 : 2
                    printf "| %s | %s | %s: %s to %s | %s | %s | %s | %s | %s |\n", name, step, task,
                        s[from[g, i, k]], s[to[g, i, k]], mission ? "mission" : "plant", when(1, i, k),
                        when(2, i, k), when(3, i, k), when(4, i, k)
                    rows++
                }
                if (rows == 0) printf "| %s | %s | no change off the grid | | | | | |\n", name, step
                if (more > 0) printf "| %s | %s | ... %d more changes off the grid | | | | | |\n", name, step, more
            }' "$d/run-$step-2/result.csv" "$d/run-$step-32/result.csv" "$d/run-$step-3/result.csv" \
            "$d/me/result.csv"
    done
done
