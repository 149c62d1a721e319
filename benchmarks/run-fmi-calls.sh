#!/bin/sh
# Per-call cost of the FMI calls a co-simulation master makes at every step (issue 26 item 1):
# the plain C FMU Feedthrough called from a C loop (native_bench.c, the "plain C FMU" column)
# and through each Java binding the master could use (FmiCallsBenchmark: javafmi's proxy,
# JNA's generic Function.invokeInt, JNA's direct mapping, our JNI library), interleaved in one run.
# Usage: benchmarks/run-fmi-calls.sh [--no-build]
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
echo "Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "#### A C loop (native_bench.c; the plain C FMU column is Feedthrough)"
echo
BTFMU_CACHE_DIR=off "$out/native_bench" calls "$fmus/native_bench" "$fmus/Feedthrough" \
    benchmarks/target/classes/org/btfmu/benchmarks/EmptyUpcall.class
echo
echo "#### The same calls on Feedthrough from Java, per binding"
echo
java --add-opens java.prefs/java.util.prefs=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar org.btfmu.cosim.FmiCallsBenchmark
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
