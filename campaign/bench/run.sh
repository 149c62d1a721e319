#!/usr/bin/env bash
# BENCHMARKS.md section 8, in one command: runs per second of a traffic-circuit campaign (900 s at
# 1 s per run) on local[1], local[2] and a Spark standalone cluster started here (a master and two
# workers of one core each, from the same Maven artifacts), beside `bt-fmu simulate` of the same
# coupling in one JVM; the three runs.parquet compared byte for byte. Prints a markdown table.
#   campaign/bench/run.sh [runs] [work dir]      (runs: even, at least 2; default 1000)
set -euo pipefail
trap 'echo "run.sh: failed at line $LINENO" >&2' ERR
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
runs="${1:-1000}"
work="${2:-$root/target/campaign-bench}"
if ! [[ "$runs" =~ ^[0-9]+$ ]] || (( runs < 2 || runs % 2 != 0 )); then
  echo "run.sh: runs must be an even number of at least 2 (two reach radii x runs/2 samples), not '$runs'" >&2
  exit 2
fi
rm -rf "$work"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
bt="$root/bt-fmu"
"$bt" --version >/dev/null   # builds the project when needed
# the campaign module's class path exists only after a build that packaged it
[ -f "$root/campaign/target/classpath.txt" ] || { echo "run.sh: campaign/target/classpath.txt missing: mvn -B -DskipTests package" >&2; exit 1; }

"$bt" build "$root/examples/traffic-circuit.json" -o "$work/mission.fmu" >/dev/null
cp "$root/test-fmus/target/classes/org/btfmu/testfmus/PointMassAircraft.fmu" "$work/plant.fmu"
"$bt" ssp --fmu "mission=$work/mission.fmu" --fmu "plant=$work/plant.fmu" \
  --connections "$root/examples/connections/traffic-circuit.json" --stop 900 --step 1 -o "$work/traffic-circuit.ssp" >/dev/null
sed -e "s/SAMPLES/$((runs / 2))/" -e "s/RUNS/$runs/" "$here/traffic-circuit.json" > "$work/campaign.json"

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"$1\", $2 }"; }
median3() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
load() { uptime | sed 's/.*load average: //'; }

started="$(now)"
load_before="$(load)"
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $load_before; $runs runs per master; work: $work" >&2

# 1. The baseline: bt-fmu simulate of the coupling, a JVM per run, 3 times (medians).
sim_walls=(); sim_cosims=()
for i in 1 2 3; do
  t0="$(now)"
  line="$("$bt" simulate "$work/traffic-circuit.ssp" -o "$work/simulate-$i" 2>&1 | grep -E '^simulated ')"
  t1="$(now)"
  sim_walls+=("$(calc %.3f "$t1 - $t0")")
  sim_cosims+=("$(sed -E 's/.* in ([0-9.]+) s wall time.*/\1/' <<<"$line")")
  echo "simulate $i: command ${sim_walls[-1]} s; ${line%%; wrote*}" >&2
done
sim_wall="$(median3 "${sim_walls[@]}")"
sim_cosim="$(median3 "${sim_cosims[@]}")"

# 2. The standalone cluster: a master and two workers of one core, JVMs of their own from the
# campaign module's class path. Spark's worker starts executors with $SPARK_HOME/jars/*, so that
# folder links the jars (and the campaign module's classes, packed as a jar). Stopped on exit.
cluster_pids=()
stop_cluster() {
  local pid
  for pid in "${cluster_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${cluster_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  cluster_pids=()
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
opens="$(cat "$root/campaign/target/classes/org/btfmu/campaign/java-options.txt")"
start_cluster() {
  local home="$work/cluster/spark-home" n=0 entry port w
  mkdir -p "$home/jars" "$home/conf"
  IFS=: read -r -a entries < "$root/campaign/target/classpath.txt" || true   # no newline at its end
  for entry in "${entries[@]}"; do
    [[ "$entry" == *.jar ]] && ln -s "$entry" "$home/jars/$((n++))-$(basename "$entry")"
  done
  jar cf "$home/jars/$n-campaign-classes.jar" -C "$root/campaign/target/classes" .
  printf '%s\n' 'rootLogger.level = info' 'rootLogger.appenderRef.stdout.ref = stdout' \
    'appender.console.type = Console' 'appender.console.name = stdout' \
    'appender.console.layout.type = PatternLayout' 'appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n' \
    > "$home/conf/log4j2.properties"
  port="$(free_port)"
  cluster_url="spark://127.0.0.1:$port"
  # shellcheck disable=SC2086
  start() { local name="$1"; shift
    SPARK_HOME="$home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1 java -Xmx256m \
      "-Dlog4j2.configurationFile=file://$home/conf/log4j2.properties" $opens -cp "$home/jars/*" "$@" \
      > "$work/cluster/$name.log" 2>&1 &
    cluster_pids+=("$!")
  }
  start master org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port "$(free_port)"
  for w in 1 2; do
    mkdir -p "$work/cluster/worker-$w"
    start "worker-$w" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory 768m \
      --webui-port "$(free_port)" --work-dir "$work/cluster/worker-$w" "$cluster_url"
  done
  for _ in $(seq 1200); do   # 300 s: a loaded machine took 87 s
    (( $(grep -c 'Registering worker' "$work/cluster/master.log" || true) >= 2 )) && return 0
    for pid in "${cluster_pids[@]}"; do
      kill -0 "$pid" 2>/dev/null || { echo "run.sh: a cluster process ended; logs in $work/cluster" >&2; return 1; }
    done
    sleep 0.25
  done
  echo "run.sh: the workers did not register within 300 s; see $work/cluster/master.log" >&2
  return 1
}

# 3. The campaign on each master: the command's wall time, and each run's (wall-times.csv).
declare -A wall mean
sweep() {  # name master cores [sweep options]
  local name="$1" master="$2" t0 t1 code=0
  shift 3
  echo "== bt-fmu sweep, $runs runs, $master (load average $(load))" >&2
  t0="$(now)"
  "$bt" sweep "$work/campaign.json" --master "$master" -o "$work/sweep-$name" "$@" > "$work/sweep-$name.log" 2>&1 || code=$?
  t1="$(now)"
  # exit 2 with a summary: some runs did not pass, which is a result, not a broken benchmark
  if (( code != 0 )) && ! { (( code == 2 )) && grep -q ' runs in ' "$work/sweep-$name.log"; }; then
    echo "run.sh: sweep on $master ended with exit code $code:" >&2
    tail -n 30 "$work/sweep-$name.log" >&2
    exit 1
  fi
  grep -E '^[0-9]+ runs' "$work/sweep-$name.log" >&2
  wall[$name]="$(calc %.2f "$t1 - $t0")"
  mean[$name]="$(awk -F, 'NR > 1 { s += $2; n++ } END { printf "%.4f", s / n }' "$work/sweep-$name/wall-times.csv")"
}
sweep 1 'local[1]' 1
sweep 2 'local[2]' 2
start_cluster
sweep c "$cluster_url" 2 --conf spark.executor.memory=512m
executors="$(cat "$work/cluster/worker-1.log" "$work/cluster/worker-2.log" | grep -c 'Asked to launch executor' || true)"
stop_cluster
load_after="$(load)"
total="$(calc %.0f "$(now) - $started")"

identical=yes
for name in 2 c; do
  cmp -s "$work/sweep-1/runs.parquet" "$work/sweep-$name/runs.parquet" || identical=no
done

# 4. The table (stdout; the progress above went to stderr).
declare -A cores=([1]=1 [2]=2 [c]=2)
rate_all() { calc %.3f "$runs / ${wall[$1]}"; }
rate_runs() { calc %.3f "${cores[$1]} / ${mean[$1]}"; }
cat <<EOF
$runs runs of \`campaign/bench/traffic-circuit.json\` (traffic circuit, 900 s at 1 s) per master, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores; load average (1, 5, 15 min) before: $load_before, after: $load_after; the whole script: $total s.

| | \`simulate\` (one JVM, one run) | \`local[1]\` | \`local[2]\` | standalone cluster (2 workers × 1 core) |
|---|---:|---:|---:|---:|
| wall time of the command, s | $sim_wall | ${wall[1]} | ${wall[2]} | ${wall[c]} |
| runs per second, whole command | $(calc %.3f "1 / $sim_wall") | $(rate_all 1) | $(rate_all 2) | $(rate_all c) |
| mean wall time of a run, s (\`simulate\`: the co-simulation it reports; sweep: wall-times.csv) | $sim_cosim | ${mean[1]} | ${mean[2]} | ${mean[c]} |
| runs per second, runs alone (cores / mean run) | $(calc %.3f "1 / $sim_cosim") | $(rate_runs 1) | $(rate_runs 2) | $(rate_runs c) |
| scaling against \`local[1]\`, whole command | | 1 | $(calc %.2f "${wall[1]} / ${wall[2]}") | $(calc %.2f "${wall[1]} / ${wall[c]}") |
| scaling against \`local[1]\`, runs alone | | 1 | $(calc %.2f "$(rate_runs 2) / $(rate_runs 1)") | $(calc %.2f "$(rate_runs c) / $(rate_runs 1)") |
| overhead per run against \`simulate\`'s co-simulation, s (mean run − $sim_cosim) | | $(calc %+.4f "${mean[1]} - $sim_cosim") | $(calc %+.4f "${mean[2]} - $sim_cosim") | $(calc %+.4f "${mean[c]} - $sim_cosim") |
| whole command per run against a \`simulate\` command | 1 | $(calc %.3f "${wall[1]} / $runs / $sim_wall") | $(calc %.3f "${wall[2]} / $runs / $sim_wall") | $(calc %.3f "${wall[c]} / $runs / $sim_wall") |

runs.parquet of \`local[1]\`, \`local[2]\` and the cluster byte-identical (cmp): $identical. Executors the two workers launched: $executors. \`simulate\`: median of 3.
EOF
[ "$identical" = yes ] || { echo "run.sh: the runs.parquet differ (cmp $work/sweep-{1,2,c}/runs.parquet)" >&2; exit 1; }
