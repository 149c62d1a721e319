#!/bin/sh
# The sanitizer job (.ci/run runs it after `mvn -B verify`, whose FMUs, importer and fuzzer it
# reuses): builds the shim and the plant FMUs a second time with AddressSanitizer and
# UndefinedBehaviorSanitizer, puts them into copies of the test FMUs, and runs the C importers'
# scenarios (Co-Simulation and Model Exchange) and the fuzzer (both interfaces) against them.
# It also runs the host integrity test's C host (HostIntegrityTest) against the sanitized shim.
# FMI 3.0: the FMI 3.0 shim (libbtfmu3.so) under the FMI 3.0 importer's scenarios (importer3.c)
# and the FMI 3.0 fuzzer (fuzz3.c), and the FMI 3.0 builds of the plants (slave3.c) under
# plants3.c's scenarios.
# Any sanitizer report ends the run with a non-zero exit.
#   fmu-tests/sanitize.sh [fuzz-sequences]      (default 3000, per interface)
#
# What the JVM needs in a process whose FMU library is built with ASan:
#   - LD_PRELOAD=libasan.so: the ASan runtime must come first in the process; the importer
#     itself is not instrumented, so it is preloaded (libubsan is then loaded as the shim's
#     DT_NEEDED).
#   - handle_segv=0 (and allow_user_segv_handler=1): HotSpot uses SIGSEGV on purpose (implicit
#     null checks, safepoint polls, stack banging) and handles it itself; ASan must not take it.
#   - detect_leaks=0: the JVM is never destroyed, so at exit all its memory is "leaked".
#   - use_sigaltstack=0: HotSpot manages the thread stacks and guard pages itself.
# UBSan stops at the first report (halt_on_error=1, -fno-sanitize-recover).
set -eu
cd "$(dirname "$0")"
sequences=${1:-3000}
for f in target/importer target/me_importer target/fuzz target/fixtures/shim_test/resources/guid.txt \
         target/fixtures/shim_test_2/resources/guid.txt target/fixtures/fuzz_a/resources/guid.txt \
         target/fixtures/fuzz_discrete/resources/guid.txt target/host_integrity \
         target/fixtures/host_test/resources/guid.txt target/importer3 target/plants3 \
         target/fixtures/shim_test_fmi3/modelDescription.xml target/fuzz3 target/fmi3-calling-sequence.txt \
         target/fixtures/fuzz3_a/resources/token.txt target/fixtures/terminate_test_fmi3/modelDescription.xml \
         target/fixtures/host_test_fmi3/modelDescription.xml \
         ../test-fmus/target/classes/org/btfmu/testfmus/PointMassAircraft.fmu; do
    [ -e "$f" ] || { echo "sanitize.sh: $f is missing: run 'mvn -B verify' first" >&2; exit 2; }
done
JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}"
export JAVA_HOME
unset BTFMU_LIBJVM
# No class-data cache in the user's home from test processes (docs/where-the-fmu-runs.md "Start-up").
export BTFMU_CACHE_DIR=off
libasan=$(gcc -print-file-name=libasan.so)
[ -e "$libasan" ] || { echo "sanitize.sh: gcc has no libasan.so" >&2; exit 2; }

out=target/sanitize
rm -rf "$out"
mkdir -p "$out"
flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" make -s -C ../native \
    OUT="$PWD/$out/native" OBJ="$PWD/$out/native-obj" JAVA_HOME="$JAVA_HOME"
CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" make -s -C ../test-fmus \
    OUT="$PWD/$out/plants" OBJ="$PWD/$out/plants-obj" JAVA_HOME="$JAVA_HOME"

# The test FMUs with the sanitized shim in place of theirs.
for fmu in shim_test shim_test_2 fuzz_a fuzz_b fuzz_discrete host_test; do
    cp -r "target/fixtures/$fmu" "$out/$fmu"
    for so in "$out/$fmu"/binaries/linux64/*.so; do cp "$out/native/libbtfmu.so" "$so"; done
done

export LD_PRELOAD="$libasan"
export ASAN_OPTIONS="handle_segv=0:allow_user_segv_handler=1:detect_leaks=0:use_sigaltstack=0:abort_on_error=0:exitcode=66"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=67"
guid() { cat "$out/$1/resources/guid.txt"; }
for scenario in sequence illegal instances thread state reinstantiate; do
    echo "sanitize: importer $scenario"
    target/importer "$scenario" "$out/shim_test" "$(guid shim_test)" > "$out/importer-$scenario.log" 2>&1 \
        || { cat "$out/importer-$scenario.log"; exit 1; }
done
echo "sanitize: importer two-fmus"
target/importer two-fmus "$out/shim_test" "$(guid shim_test)" "$out/shim_test_2" "$(guid shim_test_2)" \
    > "$out/importer-two-fmus.log" 2>&1 || { cat "$out/importer-two-fmus.log"; exit 1; }
for scenario in sequence illegal; do
    echo "sanitize: me_importer $scenario"
    target/me_importer "$scenario" "$out/shim_test" "$(guid shim_test)" > "$out/me-importer-$scenario.log" 2>&1 \
        || { cat "$out/me-importer-$scenario.log"; exit 1; }
done
# The host integrity scenarios (not "threads": its bound is on the resident set, which ASan's
# quarantine grows by design; mvn verify runs it). The comma locale: the system's, else the one
# HostIntegrityTest compiled into target/locales.
if [ -d target/locales/de_DE.UTF-8 ] && ! locale -a | grep -qx de_DE.utf8; then
    locpath="$PWD/target/locales"
else
    locpath=""
fi
host() {
    log="$out/host-$1.log"
    shift
    env -u BTFMU_JAVA_OPTIONS -u LANG -u LC_ALL -u LC_NUMERIC -u _JAVA_SR_SIGNUM "$@" \
        > "$log" 2>&1 || { cat "$log"; exit 1; }
}
echo "sanitize: host integrity"
host numeric ${locpath:+LOCPATH=$locpath} target/host_integrity integrity numeric \
    "$out/host_test" "$(guid host_test)"
host environment ${locpath:+LOCPATH=$locpath} LANG=de_DE.UTF-8 target/host_integrity integrity \
    environment "$out/host_test" "$(guid host_test)"
host xmx100t BTFMU_JAVA_OPTIONS=-Xmx100t target/host_integrity instantiate "$out/host_test" \
    "$(guid host_test)" "error:BTFMU_JAVA_OPTIONS: -Xmx100t"
host bogus-xx BTFMU_JAVA_OPTIONS=-XX:+NoSuchOptionInAnyJvm target/host_integrity instantiate \
    "$out/host_test" "$(guid host_test)" "error:Unrecognized VM option"
host metaspace BTFMU_JAVA_OPTIONS=-XX:MaxMetaspaceSize=1k target/host_integrity instantiate \
    "$out/host_test" "$(guid host_test)" "error:OutOfMemoryError: Metaspace"
host stack-64 target/host_integrity stack 64 "$out/host_test" "$(guid host_test)"
host stack-128 target/host_integrity stack 128 "$out/host_test" "$(guid host_test)"
tables=../fmu-wrapper/src/test/resources
echo "sanitize: fuzz $sequences sequences against the mission FMUs (Co-Simulation)"
target/fuzz "$tables/fmi2-calling-sequence.txt" "$out/fuzz_a" "$(guid fuzz_a)" "$out/fuzz_b" "$(guid fuzz_b)" \
    1 "$sequences" 2
echo "sanitize: fuzz $sequences sequences against the mission FMUs (Model Exchange)"
target/fuzz "$tables/fmi2-me-calling-sequence.txt" "$out/fuzz_a" "$(guid fuzz_a)" \
    "$out/fuzz_discrete" "$(guid fuzz_discrete)" 1 "$sequences" 2
# The plant FMUs have their own generic layer (test-fmus/src/main/c/slave.c): fuzzed for
# memory and undefined-behaviour errors, crashes and hangs only (FUZZ_LENIENT), as they still
# refuse the FMU-state functions (not declared) and accept inputs before Initialization Mode
# (FmuFuzzTest.plantFmusDepartFromTheTablesOnlyWhereTheyMayOrMust checks that nothing else
# departs); Model Exchange too where the plant has it (continuous states: nx > 0).
for plant in "$out"/plants/*.fmu; do
    name=$(basename "$plant" .fmu)
    case $name in *_fmi3) continue ;; esac # FMI 3.0 builds: below
    mkdir -p "$out/plant-$name"
    (cd "$out/plant-$name" && "$JAVA_HOME/bin/jar" xf "../plants/$name.fmu")
    plant_guid=$(sed -n 's/.* guid="\([^"]*\)".*/\1/p' "$out/plant-$name/modelDescription.xml" | head -1)
    echo "sanitize: fuzz $name"
    FUZZ_LENIENT=1 target/fuzz "$tables/fmi2-calling-sequence.txt" "$out/plant-$name" "$plant_guid" \
        "$out/plant-$name" "$plant_guid" 1 "$((sequences / 3))" 2
    if grep -q "<ModelExchange" "$out/plant-$name/modelDescription.xml"; then
        echo "sanitize: fuzz $name (Model Exchange)"
        FUZZ_LENIENT=1 target/fuzz "$tables/fmi2-me-calling-sequence.txt" "$out/plant-$name" "$plant_guid" \
            "$out/plant-$name" "$plant_guid" 1 "$sequences" 2
    fi
done
# FMI 3.0: the mission FMU's shim and the plants' FMI 3.0 layer.
token() { sed -n 's/.*instantiationToken="\([^"]*\)".*/\1/p' "$1/modelDescription.xml" | head -1; }
for fmu in shim_test_fmi3 terminate_test_fmi3 fuzz3_a host_test_fmi3; do
    cp -r "target/fixtures/$fmu" "$out/$fmu"
    for so in "$out/$fmu"/binaries/x86_64-linux/*.so; do cp "$out/native/libbtfmu3.so" "$so"; done
done
for scenario in early_return fmi2_like event_mode state illegal model_exchange terminate; do
    echo "sanitize: importer3 $scenario"
    fmu=shim_test_fmi3
    [ "$scenario" = terminate ] && fmu=terminate_test_fmi3
    target/importer3 "$scenario" "$out/$fmu" "$(token "$out/$fmu")" \
        > "$out/importer3-$scenario.log" 2>&1 || { cat "$out/importer3-$scenario.log"; exit 1; }
done
echo "sanitize: host integrity (FMI 3.0)"
host numeric3 ${locpath:+LOCPATH=$locpath} target/host_integrity integrity numeric \
    "$out/host_test_fmi3" "$(token "$out/host_test_fmi3")"
host xmx100t3 BTFMU_JAVA_OPTIONS=-Xmx100t target/host_integrity instantiate "$out/host_test_fmi3" \
    "$(token "$out/host_test_fmi3")" "error:BTFMU_JAVA_OPTIONS: -Xmx100t"
echo "sanitize: fuzz3 $sequences sequences against the FMI 3.0 mission FMU"
target/fuzz3 target/fmi3-calling-sequence.txt "$out/fuzz3_a" "$(token "$out/fuzz3_a")" 1 "$sequences"
plants3() { # <Model> <scenario>...
    model=$1
    shift
    if [ ! -d "$out/plants3/$model" ]; then
        mkdir -p "$out/plants3/$model"
        (cd "$out/plants3/$model" && "$JAVA_HOME/bin/jar" xf "../../plants/${model}_fmi3.fmu")
    fi
    for scenario in "$@"; do
        echo "sanitize: plants3 $model $scenario"
        target/plants3 "$scenario" "$out/plants3/$model" "$(token "$out/plants3/$model")" \
            > "$out/plants3-$model-$scenario.log" 2>&1 || { cat "$out/plants3-$model-$scenario.log"; exit 1; }
    done
}
plants3 Staircase staircase_early staircase_event_mode staircase_event_mode_no_early staircase_plain staircase_me
plants3 LevelCrossing crossing_early crossing_event_mode crossing_plain crossing_me illegal
plants3 PointMassAircraft aircraft_early aircraft_event_mode
plants3 SolarAircraft solar_full_early solar_full_event_mode
echo "sanitize: no sanitizer reports"
