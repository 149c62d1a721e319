#!/bin/sh
# Checks the CVODE driver (src/main/c/cvode_me.c, the stand-in for fmusim's CVODE run that
# run-model-exchange.sh times) against the Reference FMUs' own Model Exchange results: runs each
# FMI 2.0 Reference FMU with Real/Integer outputs over its DefaultExperiment (--no-stop-time,
# as fmusim lets the last step pass the stop time) and compares every value with
# <Model>_me_ref.csv. Prints per model the rows and the values that differ; exits 1 if any do.
#   benchmarks/check-cvode-me.sh [reference-fmus/2.0 folder]
# Needs gcc and Debian's libsundials-dev (apt-get install -y libsundials-dev).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
refs="$(readlink -f "${1:-$root/../shared/reference-fmus/2.0}")"
driver="$root/benchmarks/target/cvode/cvode_me"
src="$root/benchmarks/src/main/c/cvode_me.c"
if [ ! -x "$driver" ] || [ "$src" -nt "$driver" ] || [ "$root/native/include/fmi2.h" -nt "$driver" ]; then
    mkdir -p "$(dirname "$driver")"
    gcc -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -I"$root/native/include" -o "$driver" "$src" \
        -lsundials_cvode -lsundials_nvecserial -lsundials_sunlinsoldense -lsundials_sunmatrixdense -ldl -lm
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
for model in BouncingBall Dahlquist Resource Stair VanDerPol; do
    mkdir -p "$work/$model"
    unzip -q "$refs/$model.fmu" -d "$work/$model"
    experiment="$(grep -o '<DefaultExperiment[^>]*>' "$work/$model/modelDescription.xml")"
    value() { echo "$experiment" | grep -o " $1=\"[^\"]*\"" | cut -d'"' -f2; }
    stop="$(value stopTime)"
    step="$(value stepSize)"
    "$driver" "$work/$model" --start "$(value startTime | grep . || echo 0)" --stop "$stop" \
        ${step:+--interval "$step"} --no-stop-time -o "$work/$model.csv" > /dev/null 2> "$work/$model.log" || {
        echo "$model: the driver failed:"; cat "$work/$model.log"; failed=1; continue; }
    # Both files: a header, then the same rows; the reference quotes its header's names.
    awk -F, -v model="$model" '
        FNR == 1 { file++; next }
        file == 1 { ours[FNR] = $0; n = FNR; next }
        { rows++; if (!(FNR in ours)) { extra++; next }
          split(ours[FNR], o, ","); for (i = 1; i <= NF; i++) { values++; if (o[i] + 0 != $i + 0) differ++ } }
        END { printf "%s: %d rows (ours %d), %d values, %d differ\n", model, rows, n - 1, values, differ + extra
              exit (differ + extra > 0 || rows != n - 1) }' "$work/$model.csv" "$refs/${model}_me_ref.csv" || failed=1
done
exit "$failed"
