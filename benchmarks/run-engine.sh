#!/bin/sh
# Runs the engine benchmarks (JMH, fixed forks and iterations: the full ticks and the
# all-inputs change in 5 forks each, the rest in one; about 12 minutes on 2 cores) and
# writes the results tables of BENCHMARKS.md to benchmarks/target/engine-results.md.
# Usage: benchmarks/run-engine.sh [--no-build]
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-build" ]; then
    mvn -B -q package -pl benchmarks -am -DskipTests
fi
java -cp benchmarks/target/benchmarks.jar org.btfmu.benchmarks.EngineReport benchmarks/target/engine-results.md
