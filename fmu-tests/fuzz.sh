#!/bin/sh
# Runs the FMI call fuzzer (src/test/c/fuzz.c) for any number of sequences:
#   fmu-tests/fuzz.sh [cs|me|both|fmi3] N [first-seed] [threads]
# cs: Co-Simulation (the default), me: Model Exchange, both: one run each with the same seeds;
# fmi3: the FMI 3.0 fuzzer (src/test/c/fuzz3.c: both interfaces, one thread) against an FMU
# built with --fmi 3, checked against the FMU's table (Fmi3FuzzTest writes it).
# Prints "FAIL seed=S: ..." for every failed sequence and a summary; exit 1 if any failed.
# Replay one sequence with every call traced:  FUZZ_TRACE=1 fmu-tests/fuzz.sh me 1 S 1
# The first seed defaults to a random one (printed in the summary). Needs the fuzzer and its
# two FMUs, which `mvn verify` (or the command below) builds.

set -eu
cd "$(dirname "$0")"
usage="usage: fuzz.sh [cs|me|both|fmi3] N [first-seed] [threads]"
case "${1:-}" in
    cs|me|both|fmi3) interface=$1; shift ;;
    *) interface=cs ;;
esac
count=${1:?$usage}
case $count in
    ''|*[!0-9]*) echo "$usage" >&2; exit 2 ;;
esac
first=${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
threads=${3:-2}
if [ "$interface" = fmi3 ]; then
    if [ ! -x target/fuzz3 ] || [ ! -f target/fixtures/fuzz3_a/resources/token.txt ]; then
        (cd .. && mvn -B -q -pl fmu-tests -am verify -Dtest=Fmi3FuzzTest -Dsurefire.failIfNoSpecifiedTests=false)
    fi
    JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
    export JAVA_HOME
    unset BTFMU_LIBJVM
    export BTFMU_CACHE_DIR=off
    echo "fuzz.sh: fmi3, $count sequences from seed $first"
    exec target/fuzz3 target/fmi3-calling-sequence.txt "$PWD/target/fixtures/fuzz3_a" \
        "$(cat target/fixtures/fuzz3_a/resources/token.txt)" "$first" "$count"
fi
if [ ! -x target/fuzz ] || [ ! -f target/fixtures/fuzz_b/resources/guid.txt ] \
   || [ ! -f target/fixtures/fuzz_discrete/resources/guid.txt ]; then
    (cd .. && mvn -B -q -pl fmu-tests -am verify -Dtest=FmuFuzzTest -Dsurefire.failIfNoSpecifiedTests=false)
fi
JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
export JAVA_HOME
unset BTFMU_LIBJVM
# No class-data cache in the user's home from test processes (docs/where-the-fmu-runs.md "Start-up").
export BTFMU_CACHE_DIR=off
progress=target/fuzz-progress.txt
tables=../fmu-wrapper/src/test/resources
status=0
for table in cs me; do
    [ "$interface" = both ] || [ "$interface" = "$table" ] || continue
    # Model Exchange: the second FMU is the pure discrete-time mission (FmuFuzzTest's choice)
    file=$tables/fmi2-calling-sequence.txt second=fuzz_b
    [ "$table" = me ] && file=$tables/fmi2-me-calling-sequence.txt second=fuzz_discrete
    echo "fuzz.sh: $table, $count sequences from seed $first"
    run=0
    FUZZ_PROGRESS=$progress target/fuzz "$file" \
        target/fixtures/fuzz_a "$(cat target/fixtures/fuzz_a/resources/guid.txt)" \
        target/fixtures/$second "$(cat target/fixtures/$second/resources/guid.txt)" \
        "$first" "$count" "$threads" || run=$?
    if [ "$run" -gt 128 ]; then
        echo "the fuzzer died of signal $((run - 128)); the seeds it was running, per thread:"
        cat "$progress" 2>/dev/null || true
    fi
    [ "$run" -eq 0 ] || status=$run
done
exit "$status"
