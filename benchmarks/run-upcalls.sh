#!/bin/sh
# FFM up-calls against JNI (issue 26, item 5): the per-call table of native_bench ("calls") in
# fresh processes, alternating in every round between the guest JVM 17 (JNI: no FFM API), the
# guest JVM 22+ with the FFM stubs turned off (-Dbtfmu.upcalls=jni) and the guest JVM 22+ as
# the shim runs it (FFM stubs for fmi2DoStep and fmi2Get/Set of Real, Integer, Boolean).
# Prints the medians over rounds of each process's medians, in ns per call.
# Usage: benchmarks/run-upcalls.sh [rounds] [libjvm of 22+]   (after benchmarks/run-native.sh)
set -eu
cd "$(dirname "$0")/.."
rounds="${1:-5}"
newer="${2:-/usr/lib/jvm/temurin-25-jdk-amd64/lib/server/libjvm.so}"
out=benchmarks/target/native
fmus="$out/fmus"
upcall=benchmarks/target/classes/org/btfmu/benchmarks/EmptyUpcall.class
older="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/server/libjvm.so"
export BTFMU_CACHE_DIR=off
rows="$out/upcall-rows.txt"
: > "$rows"
for r in $(seq "$rounds"); do
    for contender in jni-17 jni-newer ffm-newer; do
        case $contender in
            jni-17) lib="$older"; options="" ;;
            jni-newer) lib="$newer"; options="-Dbtfmu.upcalls=jni" ;;
            ffm-newer) lib="$newer"; options="" ;;
        esac
        BTFMU_LIBJVM="$lib" BTFMU_JAVA_OPTIONS="$options" \
            "$out/native_bench" calls "$fmus/native_bench" "$fmus/Feedthrough" "$upcall" |
            awk -F'|' -v c="$contender" '/^\| fmi2/ { gsub(/^ +| +$/, "", $2); print c "|" $2 "|" $3+0 "|" $5+0 }' >> "$rows"
    done
done
echo "Load average after the run: $(cut -d' ' -f1 /proc/loadavg); $rounds rounds"
echo
echo "| call | JNI, JVM 17 ns | JNI, JVM 22+ ns | FFM, JVM 22+ ns | FFM / JNI (22+) | empty JNI up-call (22+) ns |"
echo "|---|---:|---:|---:|---:|---:|"
for call in "fmi2DoStep, no input change" "fmi2SetReal, 10 values" "fmi2GetReal, 10 values"; do
    m() { grep -F "$1|$call|" "$rows" | cut -d'|' -f"$2" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
    a=$(m jni-17 3); b=$(m jni-newer 3); f=$(m ffm-newer 3); u=$(m jni-newer 4)
    echo "| $call | $a | $b | $f | $(awk -v f="$f" -v b="$b" 'BEGIN {printf "%.2f", f / b}') | $u |"
done
