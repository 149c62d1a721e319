#!/bin/sh
# Times `bt-fmu simulate --interface me` beside `--interface cs` of the same SSP, and the plant
# alone in Model Exchange beside OMSimulator's CVODE on the same plant SSP (issue 26 item 3,
# issue 20 item 6): wall, CPU (user+system) and max RSS from /usr/bin/time, the four runs in a
# rotating order in every round so that load from other processes falls on all alike. Prints
# one line per run, then medians and the median over rounds of ME / CS and of
# bt-fmu / OMSimulator (plant alone).
#   benchmarks/run-model-exchange.sh <coupled.ssp> <plant-alone.ssp> [rounds]
# The plant-alone SSP: e.g. bt-fmu ssp --fmu plant=plant.fmu -p plant.target_altitude=9000
# --stop 86400 --step 1 -o plant.ssp. OMSimulator runs it with --mode=me --solver=cvode, its
# output every --stepSize (the SSP's step), --emitEvents=false (no extra rows at events).
# Environment: OMSIMULATOR (default ../shared/tools/omsimulator/bin/OMSimulator).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
coupled="$(readlink -f "$1")"
plant="$(readlink -f "$2")"
rounds="${3:-3}"
oms="${OMSIMULATOR:-$root/../shared/tools/omsimulator/bin/OMSimulator}"
attr() { unzip -p "$1" SystemStructure.ssd | grep -o "$2=\"[^\"]*\"" | head -1 | cut -d'"' -f2; }
plant_stop="$(attr "$plant" stopTime)"
plant_step="$(unzip -p "$plant" SystemStructure.ssd | grep -o 'stepSize="[^"]*"' | head -1 | cut -d'"' -f2)"
plant_step="${plant_step:-1}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/bt-fmu" --version > /dev/null 2>&1 || true # builds the jar if stale, outside the timing

labels="coupled CS|cs;coupled ME|me;plant ME bt-fmu|plant;plant ME OMSimulator CVODE|oms"

run() { # label how round
    out="$work/out-$2-$3"
    rm -rf "$out"
    mkdir -p "$out"
    case "$2" in
    cs) set -- "$1" "$2" "$3" "$root/bt-fmu" simulate "$coupled" --interface cs -o "$out" ;;
    me) set -- "$1" "$2" "$3" "$root/bt-fmu" simulate "$coupled" --interface me -o "$out" ;;
    plant) set -- "$1" "$2" "$3" "$root/bt-fmu" simulate "$plant" --interface me -o "$out" ;;
    oms) set -- "$1" "$2" "$3" "$oms" --mode=me --solver=cvode --stopTime="$plant_stop" --stepSize="$plant_step" \
            --emitEvents=false --tempDir="$out" --resultFile="$out/result.csv" "$plant" ;;
    esac
    label="$1"
    shift 3
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > "$work/log" 2>&1 || {
        echo "$label failed:" >&2; cat "$work/log" >&2; exit 1; }
    echo "$label|$(cat "$work/time")|$(grep -o 'in [0-9.]* s wall time' "$work/log" | cut -d' ' -f2)" \
        | tee -a "$work/results"
}

echo "Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
r=1
while [ "$r" -le "$rounds" ]; do
    echo "$labels" | tr ';' '\n' | awk -v r="$r" '{a[NR]=$0} END {for (i = 0; i < NR; i++) print a[(i + r) % NR + 1]}' \
        > "$work/order"
    while IFS='|' read -r label how; do
        run "$label" "$how" "$r"
    done < "$work/order"
    r=$((r + 1))
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| run | wall s (median) | CPU s (median) | max RSS MB (median) | simulation wall s (median, bt-fmu's own) |"
echo "|---|---:|---:|---:|---:|"
awk -F'|' '
    function median(list, n,   i, j, t, v) {
        split(list, v, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
        return v[int((n + 1) / 2)]
    }
    { split($2, t, " "); n[$1]++; k = n[$1]
      wall[$1, k] = t[1]; cpu[$1, k] = t[2] + t[3]; rss[$1, k] = t[4] / 1024; sim[$1, k] = $3
      if (!($1 in seen)) { seen[$1] = 1; order[++m] = $1 } }
    END {
      for (i = 1; i <= m; i++) {
        c = order[i]; w = ""; u = ""; s = ""; q = ""
        for (k = 1; k <= n[c]; k++) { w = w " " wall[c, k]; u = u " " cpu[c, k]; s = s " " rss[c, k]; q = q " " sim[c, k] }
        printf "| %s | %.2f | %.2f | %.0f | %s |\n", c, median(w, n[c]), median(u, n[c]), median(s, n[c]),
            c ~ /OMSimulator/ ? "" : sprintf("%.2f", median(q, n[c]))
      }
      for (k = 1; k <= n["coupled ME"]; k++) {
        a = a " " wall["coupled ME", k] / wall["coupled CS", k]; b = b " " cpu["coupled ME", k] / cpu["coupled CS", k]
        c2 = c2 " " sim["coupled ME", k] / sim["coupled CS", k]
        d = d " " wall["plant ME bt-fmu", k] / wall["plant ME OMSimulator CVODE", k]
        e = e " " cpu["plant ME bt-fmu", k] / cpu["plant ME OMSimulator CVODE", k]
      }
      r = n["coupled ME"]
      printf "\nME / CS (median over rounds): wall %.2f, CPU %.2f, simulation wall %.2f\n", median(a, r), median(b, r), median(c2, r)
      printf "plant alone, bt-fmu ME / OMSimulator CVODE: wall %.2f, CPU %.2f\n", median(d, r), median(e, r)
    }' "$work/results"
