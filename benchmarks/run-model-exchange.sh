#!/bin/sh
# Times `bt-fmu simulate --interface me` beside `--interface cs` of the same SSP, and the plant
# alone in Model Exchange beside OMSimulator's CVODE and beside fmusim's CVODE loop on the same
# plant SSP (issue 26 item 3, issue 20 item 6): wall, CPU (user+system) and max RSS from
# /usr/bin/time, the five runs in a rotating order in every round so that load from other
# processes falls on all alike. Prints one line per run, then medians and the median over
# rounds of ME / CS and of bt-fmu / OMSimulator and bt-fmu / CVODE driver (plant alone).
#   benchmarks/run-model-exchange.sh <coupled.ssp> <plant-alone.ssp> [rounds]
# The plant-alone SSP: e.g. bt-fmu ssp --fmu plant=plant.fmu -p plant.target_altitude=9000
# --stop 86400 --step 1 -o plant.ssp. OMSimulator runs it with --mode=me --solver=cvode, its
# output every --stepSize (the SSP's step), --emitEvents=false (no extra rows at events).
# fmusim is not installable here: src/main/c/cvode_me.c runs the plant FMU the way fmusim does
# (SUNDIALS CVODE, BDF, tolerances 1e-4, one CVode call per output point), built here with gcc
# against Debian's libsundials-dev; without its headers that contender is left out. The
# driver gets the FMU unzipped and the SSD's start values (-p), outside the timing;
# benchmarks/check-cvode-me.sh checks it against the Reference FMUs' own results.
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

# The CVODE driver: built when its source is newer than the binary, the plant's FMU unzipped.
cvode_label="plant ME CVODE (fmusim's loop)"
driver="$root/benchmarks/target/cvode/cvode_me"
if printf '#include <cvode/cvode.h>\n#include <sunlinsol/sunlinsol_dense.h>\n' \
        | gcc -E -x c - > /dev/null 2>&1; then
    src="$root/benchmarks/src/main/c/cvode_me.c"
    if [ ! -x "$driver" ] || [ "$src" -nt "$driver" ] || [ "$root/native/include/fmi2.h" -nt "$driver" ]; then
        mkdir -p "$(dirname "$driver")"
        gcc -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -I"$root/native/include" -o "$driver" "$src" \
            -lsundials_cvode -lsundials_nvecserial -lsundials_sunlinsoldense -lsundials_sunmatrixdense -ldl -lm
    fi
    fmu="$(unzip -p "$plant" SystemStructure.ssd | grep -o 'source="[^"]*"' | head -1 | cut -d'"' -f2)"
    unzip -p "$plant" "$fmu" > "$work/plant.fmu"
    unzip -q "$work/plant.fmu" -d "$work/plant-fmu"
    # The SSD's parameter values (ssv:Real/Integer/Boolean value="...") as -p name=value.
    unzip -p "$plant" SystemStructure.ssd | tr '>' '\n' | awk -F'"' '
        /<ssv:Parameter / { for (i = 1; i < NF; i++) if ($i ~ /name=$/) name = $(i + 1) }
        /<ssv:(Real|Integer|Boolean) / && name != "" {
            for (i = 1; i < NF; i++) if ($i ~ /value=$/) print "-p\n" name "=" $(i + 1); name = "" }' \
        > "$work/start-values"
    plant_start="$(attr "$plant" startTime)"
    labels="$labels;$cvode_label|cvode"
else
    echo "$cvode_label: left out, no SUNDIALS headers (apt-get install -y libsundials-dev)"
fi

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
    cvode) # shellcheck disable=SC2046 # the start values: one word each, "-p" and "name=value"
        set -- "$1" "$2" "$3" "$driver" "$work/plant-fmu" --start "${plant_start:-0}" --stop "$plant_stop" \
            --interval "$plant_step" -o "$out/result.csv" $(cat "$work/start-values") ;;
    esac
    label="$1"
    kind="$2"
    shift 3
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" < /dev/null > "$work/log" 2>&1 || {
        echo "$label failed:" >&2; cat "$work/log" >&2; exit 1; }
    cp "$work/log" "$work/log-$kind"
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
        if (n[cvode] > 0) {
            f = f " " wall["plant ME bt-fmu", k] / wall[cvode, k]; g = g " " cpu["plant ME bt-fmu", k] / cpu[cvode, k]
            h = h " " sim["plant ME bt-fmu", k] / sim[cvode, k]
        }
      }
      r = n["coupled ME"]
      printf "\nME / CS (median over rounds): wall %.2f, CPU %.2f, simulation wall %.2f\n", median(a, r), median(b, r), median(c2, r)
      printf "plant alone, bt-fmu ME / OMSimulator CVODE: wall %.2f, CPU %.2f\n", median(d, r), median(e, r)
      if (n[cvode] > 0)
          printf "plant alone, bt-fmu ME / CVODE driver (fmusim'"'"'s loop): wall %.2f, CPU %.2f, simulation wall %.2f\n",
              median(f, r), median(g, r), median(h, r)
    }' cvode="$cvode_label" "$work/results"
if grep -q '|cvode$' "$work/order"; then
    # That the driver ran the whole experiment: its rows at the output points against bt-fmu's
    # (the last row at each time; the driver also writes one before and after every event).
    echo
    grep '^CVODE\|^the loop' "$work/log-cvode" || true
    awk -F, -v CONVFMT=%.17g 'FNR == 1 { file++; if (file == 1) for (i = 1; i <= NF; i++) col[$i] = i; else for (i = 1; i <= NF; i++) name[i] = $i; next }
        file == 1 { for (i = 1; i <= NF; i++) b[$1 + 0, i] = $i; next }
        { t = $1 + 0; if (!((t, 1) in b)) next; if (!(t in seen)) { seen[t] = 1; rows++ }
          for (i = 2; i <= NF; i++) if (name[i] in col) { x = $i - b[t, col[name[i]]]; x = x < 0 ? -x : x; if (x > d[i]) d[i] = x } }
        END { printf "CVODE driver against bt-fmu, %d output points in both; max abs difference:", rows
              for (i = 2; i in name; i++) printf " %s %.3g", name[i], d[i]; print "" }' \
        "$work/out-plant-$rounds/result.csv" "$work/out-cvode-$rounds/result.csv"
fi
