# Sourced by run-omsimulator-share.sh and run-omsimulator-cpu.sh: the contenders
# "label|file.ssp|libjvm|options" of an OMSimulator benchmark, run by the caller's function
# `run label ssp libjvm options` (which prints one result line) with the guest JVM's environment
# set from libjvm and options (BTFMU_LIBJVM, BTFMU_JAVA_OPTIONS; unset when empty), first once each unmeasured
# (the guest JVM's class-data archive, made in the background: then wait until no archive is
# being made, at most a minute), then in <rounds> rounds, alternating, into <results file>.
#   oms_rounds <rounds> <results file> <contender>...
oms_guest() { # libjvm options
    if [ -n "$1" ]; then export BTFMU_LIBJVM="$1"; else unset BTFMU_LIBJVM || true; fi
    if [ -n "$2" ]; then export BTFMU_JAVA_OPTIONS="$2"; else unset BTFMU_JAVA_OPTIONS || true; fi
}

oms_rounds() {
    rounds="$1"; results="$2"; shift 2
    for c in "$@"; do
        IFS='|' read -r label ssp libjvm options <<EOC
$c
EOC
        oms_guest "$libjvm" "$options"
        run "$label" "$(readlink -f "$ssp")" "$libjvm" "$options" > /dev/null
    done
    cache="${BTFMU_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/bt-fmu}"
    waited=0
    while ls "$cache"/*/creating > /dev/null 2>&1 && [ "$waited" -lt 60 ]; do
        sleep 1; waited=$((waited + 1))
    done
    r=1
    while [ "$r" -le "$rounds" ]; do
        for c in "$@"; do
            IFS='|' read -r label ssp libjvm options <<EOC
$c
EOC
            oms_guest "$libjvm" "$options"
            run "$label" "$(readlink -f "$ssp")" "$libjvm" "$options" >> "$results"
        done
        r=$((r + 1))
    done
}
