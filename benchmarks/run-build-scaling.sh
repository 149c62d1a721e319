#!/usr/bin/env bash
# Build and validate time and peak memory against the tree size (issue 20 item 8):
# generates a mission of exactly N tasks (Root, a Sequence, copies of a 100-task subtree of
# 98 Conditions "x > p" and an Action writing y = x * k, Conditions for the rest), then runs
# `bt-fmu validate` and `bt-fmu build` (with its check) under /usr/bin/time.
# Usage: benchmarks/run-build-scaling.sh [N...]   (default 1000 10000 100000)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/bt-fmu" --version >/dev/null # builds the project if needed, outside the measurement
jar="$root/cli/target/bt-fmu.jar"
run() { java --add-opens java.prefs/java.util.prefs=ALL-UNNAMED -jar "$jar" "$@"; }

mission() { # N file
  local n=$1 copies=$((($1 - 2) / 100)) rest=$((($1 - 2) % 100)) g="" kids="" i
  for ((i = 0; i < 98; i++)); do g+="{\"type\":\"Condition\",\"name\":\"c$i\",\"predicate\":\"x>p\"},"; done
  g+='{"type":"Action","name":"a","outputs":{"y":"x*k"},"done":"x>0"}'
  for ((i = 0; i < copies; i++)); do kids+="${kids:+,}{\"type\":\"SubTree\",\"name\":\"u$i\",\"subtree\":\"g\"}"; done
  for ((i = 0; i < rest; i++)); do kids+="${kids:+,}{\"type\":\"Condition\",\"name\":\"c$i\",\"predicate\":\"x>p\"}"; done
  cat > "$2" <<JSON
{"name": "large$n", "variables": [
  {"name": "x", "causality": "input", "type": "Real"},
  {"name": "p", "causality": "parameter", "type": "Real", "start": 1},
  {"name": "k", "causality": "parameter", "type": "Real", "start": 2},
  {"name": "y", "causality": "output", "type": "Real"}],
 "subtrees": {"g": {"tree": {"type": "Sequence", "name": "g", "children": [$g]}}},
 "tree": {"type": "Root", "name": "root", "children": [{"type": "Sequence", "name": "all", "children": [$kids]}]}}
JSON
}

echo "| tasks | validate s wall (CPU) | validate peak MB | build s wall (CPU) | build peak MB |"
echo "|---:|---:|---:|---:|---:|"
for n in "${@:-1000 10000 100000}"; do
  for size in $n; do
    mission "$size" "$work/m.json"
    /usr/bin/time -f "%e %U %S %M" -o "$work/v" bash -c "$(declare -f run); jar='$jar'; run validate '$work/m.json' >/dev/null"
    /usr/bin/time -f "%e %U %S %M" -o "$work/b" bash -c "$(declare -f run); jar='$jar'; run build '$work/m.json' -o '$work/m.fmu' >/dev/null"
    read -r vs vu vy vk < <(tail -1 "$work/v")
    read -r bs bu by bk < <(tail -1 "$work/b")
    printf "| %s | %s (%.1f) | %d | %s (%.1f) | %d |\n" "$size" "$vs" "$(echo "$vu + $vy" | bc)" $((vk / 1024)) \
        "$bs" "$(echo "$bu + $by" | bc)" $((bk / 1024))
  done
done
