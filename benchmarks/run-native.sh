#!/bin/sh
# Benchmarks the native call path of a bt-fmu FMU (about a minute on 2 cores): builds the
# FMUs (the real packager) and the C driver src/main/c/native_bench.c, then runs
#   - per-call costs of fmi2DoStep / fmi2SetReal / fmi2GetReal beside a plain C FMU and an
#     empty JNI up-call, in one process;
#   - start-up: first instance in a fresh process, second instance, first instance of a
#     second FMU, resident memory, over fresh processes; without and with the class-data
#     cache (docs/where-the-fmu-runs.md "Start-up").
# Writes the tables of BENCHMARKS.md to benchmarks/target/native-results.md.
# Usage: benchmarks/run-native.sh [--no-build]
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-build" ]; then
    mvn -B -q package -pl benchmarks -am -DskipTests
fi
JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}"
export JAVA_HOME
out=benchmarks/target/native
fmus="$out/fmus"
java -cp benchmarks/target/benchmarks.jar org.btfmu.benchmarks.NativeBenchmarkFmus "$fmus"
gcc -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -Inative/include \
    -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
    -o "$out/native_bench" benchmarks/src/main/c/native_bench.c -ldl
upcall=benchmarks/target/classes/org/btfmu/benchmarks/EmptyUpcall.class
results=benchmarks/target/native-results.md
# Nothing in the user's class-data cache (docs/where-the-fmu-runs.md "Start-up"): the start-up runs name theirs.
export BTFMU_CACHE_DIR=off
# A fresh class-data cache: one process has the archive made (in the background), then wait.
cache="$PWD/$out/class-data-cache"
rm -rf "$cache"
BTFMU_CACHE_DIR="$cache" "$out/native_bench" startup "$fmus/native_bench" "$fmus/native_bench_second" > /dev/null
for _ in $(seq 600); do
    if ls "$cache"/*/classes.jsa > /dev/null 2>&1 && ! ls "$cache"/*/creating > /dev/null 2>&1; then break; fi
    sleep 0.1
done
{
    echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
         "load average before the run: $(cut -d' ' -f1 /proc/loadavg)"
    echo
    echo "#### Per call"
    echo
    "$out/native_bench" calls "$fmus/native_bench" "$fmus/Feedthrough" "$upcall"
    echo
    "$out/native_bench" startup-runs 11 "$fmus/native_bench" "$fmus/native_bench_second" "$cache"
    echo
    echo "Load average after the run: $(cut -d' ' -f1 /proc/loadavg)"
} > "$results"
cat "$results"
