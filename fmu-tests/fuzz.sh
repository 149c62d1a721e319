#!/bin/sh
# Runs the FMI call fuzzer (src/test/c/fuzz.c) for any number of sequences:
#   fmu-tests/fuzz.sh N [first-seed] [threads]
# Prints "FAIL seed=S: ..." for every failed sequence and a summary; exit 1 if any failed.
# Replay one sequence with every call traced:  FUZZ_TRACE=1 fmu-tests/fuzz.sh 1 S 1
# The first seed defaults to a random one (printed in the summary). Needs the fuzzer and its
# two FMUs, which `mvn verify` (or the command below) builds.

set -eu
cd "$(dirname "$0")"
count=${1:?usage: fuzz.sh N [first-seed] [threads]}
first=${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
threads=${3:-2}
if [ ! -x target/fuzz ] || [ ! -f target/fixtures/fuzz_b/resources/guid.txt ]; then
    (cd .. && mvn -B -q -pl fmu-tests -am verify -Dtest=FmuFuzzTest -Dsurefire.failIfNoSpecifiedTests=false)
fi
JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
export JAVA_HOME
unset BTFMU_LIBJVM
# No class-data cache in the user's home from test processes (README "Start-up").
export BTFMU_CACHE_DIR=off
progress=target/fuzz-progress.txt
status=0
FUZZ_PROGRESS=$progress target/fuzz ../fmu-wrapper/src/test/resources/fmi2-calling-sequence.txt \
    target/fixtures/fuzz_a "$(cat target/fixtures/fuzz_a/resources/guid.txt)" \
    target/fixtures/fuzz_b "$(cat target/fixtures/fuzz_b/resources/guid.txt)" \
    "$first" "$count" "$threads" || status=$?
if [ "$status" -gt 128 ]; then
    echo "the fuzzer died of signal $((status - 128)); the seeds it was running, per thread:"
    cat "$progress" 2>/dev/null || true
fi
exit "$status"
