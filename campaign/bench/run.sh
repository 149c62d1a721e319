#!/usr/bin/env bash
# BENCHMARKS.md section "Campaigns": runs per second of a traffic-circuit campaign (900 s at 1 s
# per run) on local[1] and local[2], beside `bt-fmu simulate` of the same coupling.
#   campaign/bench/run.sh [runs] [work dir]     (runs: even, default 1000)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
runs="${1:-1000}"
work="${2:-$root/target/campaign-bench}"
mkdir -p "$work"
bt="$root/bt-fmu"
"$bt" --version >/dev/null   # builds the project when needed
"$bt" build "$root/examples/traffic-circuit.json" -o "$work/mission.fmu" >/dev/null
cp "$root/test-fmus/target/classes/org/btfmu/testfmus/PointMassAircraft.fmu" "$work/plant.fmu"
"$bt" ssp --fmu "mission=$work/mission.fmu" --fmu "plant=$work/plant.fmu" \
  --connections "$root/examples/connections/traffic-circuit.json" --stop 900 --step 1 -o "$work/traffic-circuit.ssp" >/dev/null
sed -e "s/SAMPLES/$((runs / 2))/" -e "s/RUNS/$runs/" "$here/traffic-circuit.json" > "$work/campaign.json"

echo "== bt-fmu simulate, 3 times (command wall time, and the co-simulation's own)"
for i in 1 2 3; do
  /usr/bin/time -f "simulate command: %e s" "$bt" simulate "$work/traffic-circuit.ssp" -o "$work/simulate-$i" 2>&1 | grep -E 'simulated|command'
done
for master in 'local[1]' 'local[2]'; do
  echo "== bt-fmu sweep, $runs runs, $master"
  /usr/bin/time -f "sweep command: %e s" "$bt" sweep "$work/campaign.json" --master "$master" -o "$work/sweep-${master//[^0-9]/}" 2>&1 \
    | grep -E 'runs in|runs:|command' || true
  awk -F, 'NR > 1 { s += $2; n++ } END { printf "mean run wall time: %.3f s over %d runs\n", s / n, n }' \
    "$work/sweep-${master//[^0-9]/}/wall-times.csv"
done
cmp "$work/sweep-1/runs.parquet" "$work/sweep-2/runs.parquet" && echo "runs.parquet: identical bytes on local[1] and local[2]"
