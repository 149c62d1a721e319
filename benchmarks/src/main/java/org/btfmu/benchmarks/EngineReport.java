package org.btfmu.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.btfmu.core.Counters;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeInstance;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the engine benchmarks with fixed settings, measures memory, and prints the results
 * as the Markdown tables of BENCHMARKS.md with each target marked met or not met: one JMH
 * run (one fork) for the single input changes, then {@value #ROUNDS} runs of the full ticks
 * of both libraries and the all-inputs change, so that those are medians of
 * {@value #ROUNDS} forks and each ratio is taken between forks of the same run. Usage:
 * benchmarks/run-engine.sh.
 */
public final class EngineReport {

    static final int[] SIZES = {100, 1_000, 10_000, 100_000};
    static final int TARGET_SIZE = 10_000;
    /**
     * JMH runs of the ticked and all-inputs cases, one fork of each case per run: their
     * figures move from fork to fork (JIT and heap layout), so they are reported as the
     * median over the forks, and a ratio is taken between the two forks of one run.
     */
    static final int ROUNDS = 5;

    private final Map<String, Double> medians = new TreeMap<>();
    private final Map<String, Double> p90s = new TreeMap<>();
    /** Per case, each round's median, in round order. */
    private final Map<String, List<Double>> forks = new TreeMap<>();

    private EngineReport() {
    }

    /** Optional argument: a file to write the Markdown tables to (they also go to standard output). */
    public static void main(String[] args) throws RunnerException, IOException {
        String machine = machine();
        MemoryPerTask.Figures memory = MemoryPerTask.measure();
        EngineReport report = new EngineReport();
        report.collect(run(InputChangeBenchmark.class.getName() + "\\.",
                TickBenchmark.class.getName() + "\\.engineTickAfterInputChange$"), false);
        for (int round = 0; round < ROUNDS; round++) {
            report.collect(run(TickBenchmark.class.getName() + "\\.(engineTick|gdxAiStep)$",
                    AllInputsBenchmark.class.getName() + "\\."), true);
        }
        String markdown = machine + "\n" + loadAverage("after") + "\n" + report.markdown(memory);
        System.out.println();
        System.out.print(markdown);
        if (args.length > 0) {
            Files.writeString(Path.of(args[0]), markdown);
        }
    }

    /** One JMH run of the benchmarks matching the patterns: one fork each, fixed iterations. */
    private static Collection<RunResult> run(String... patterns) throws RunnerException {
        OptionsBuilder options = new OptionsBuilder();
        for (String pattern : patterns) {
            options.include(pattern);
        }
        return new Runner(options
                .forks(1)
                .warmupIterations(2)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(4)
                .measurementTime(TimeValue.seconds(1))
                .jvmArgs("-Xms2g", "-Xmx2g", "-Xss256m") // gdx-ai recurses once per task: see TickBenchmark
                .shouldFailOnError(true)
                .build()).run();
    }

    /** Cores, CPU model, JVM and the load before the run: the figures depend on all of them. */
    private static String machine() throws IOException {
        String cpu = "unknown CPU";
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            cpu = Files.readAllLines(cpuinfo).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(cpu);
        }
        return String.format(Locale.ROOT, "Machine: %d cores available to the JVM, %s; %s %s; %s%n",
                Runtime.getRuntime().availableProcessors(), cpu, System.getProperty("java.vm.name"),
                System.getProperty("java.version"), loadAverage("before").trim());
    }

    private static String loadAverage(String when) {
        return String.format(Locale.ROOT, "load average (1 min) %s the run: %.1f%n", when,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private void collect(Collection<RunResult> results, boolean round) {
        for (RunResult r : results) {
            String method = r.getParams().getBenchmark();
            method = method.substring(method.lastIndexOf('.') + 1);
            StringBuilder key = new StringBuilder(method);
            for (String p : new String[] {"shape", "tasks", "leaf"}) {
                String v = r.getParams().getParam(p);
                if (v != null) {
                    key.append('/').append(v);
                }
            }
            var statistics = r.getPrimaryResult().getStatistics();
            if (round) {
                forks.computeIfAbsent(key.toString(), k -> new ArrayList<>()).add(statistics.getPercentile(50));
            } else {
                medians.put(key.toString(), statistics.getPercentile(50));
                p90s.put(key.toString(), statistics.getPercentile(90));
            }
        }
    }

    private List<Double> forks(String key) {
        List<Double> values = forks.get(key);
        if (values == null || values.size() != ROUNDS) {
            throw new IllegalStateException("not " + ROUNDS + " forks for " + key + "; have " + forks.keySet());
        }
        return values;
    }

    /** Each round's {@code key} over its {@code per} (the ratio within each round). */
    private List<Double> ratios(String key, String per) {
        List<Double> a = forks(key);
        List<Double> b = forks(per);
        List<Double> r = new ArrayList<>();
        for (int k = 0; k < a.size(); k++) {
            r.add(a.get(k) / b.get(k));
        }
        return r;
    }

    static double medianOf(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** "median (min–max)" of the forks, in ns or as a ratio. */
    private static String spread(List<Double> values, boolean ratio) {
        String f = ratio ? "%.2f" : "%,.0f";
        return String.format(Locale.ROOT, f + " (" + f + "–" + f + ")", medianOf(values),
                Collections.min(values), Collections.max(values));
    }

    private double median(String key) {
        Double v = medians.get(key);
        if (v == null) {
            throw new IllegalStateException("no result for " + key + "; have " + medians.keySet());
        }
        return v;
    }

    String markdown(MemoryPerTask.Figures memory) {
        StringBuilder md = new StringBuilder();
        md.append("#### Input change, event-driven (setReal + settle, one condition flips)\n\n");
        md.append("| tree | tasks | height | flipped leaf at depth | task evaluations | median ns | p90 ns |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (TreeShape.Kind kind : TreeShape.Kind.values()) {
            for (int tasks : SIZES) {
                TreeShape shape = TreeShape.of(kind, tasks);
                for (String leaf : new String[] {"deepest", "shallowest"}) {
                    int node = leaf.equals("deepest") ? shape.deepestLeaf() : shape.shallowestLeaf();
                    String key = "flipOneCondition/" + kind + "/" + tasks + "/" + leaf;
                    md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,d (%s) | %,d | %s | %s |%n",
                            kind.name().toLowerCase(Locale.ROOT), tasks, shape.height(), shape.depth(node), leaf,
                            evaluationsPerChange(shape, node), ns(median(key)), ns(p90s.get(key))));
                }
            }
        }

        md.append("\n#### Full tick, balanced tree: bt-fmu ticked mode and gdx-ai side by side\n\n");
        md.append("Median of " + ROUNDS + " forks (range); the ratio within each run, then its median. The tick"
                + " after one input change: one fork.\n\n");
        md.append("| tasks | bt-fmu tick ns | per task | gdx-ai step ns | per task | bt-fmu / gdx-ai"
                + " | bt-fmu tick after one input change, ns |\n");
        md.append("|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int tasks : new int[] {1_000, 10_000, 100_000}) {
            List<Double> engine = forks("engineTick/" + tasks);
            List<Double> gdx = forks("gdxAiStep/" + tasks);
            md.append(String.format(Locale.ROOT, "| %,d | %s | %.1f | %s | %.1f | %s | %s |%n", tasks,
                    spread(engine, false), medianOf(engine) / tasks, spread(gdx, false), medianOf(gdx) / tasks,
                    spread(ratios("engineTick/" + tasks, "gdxAiStep/" + tasks), true),
                    ns(median("engineTickAfterInputChange/" + tasks))));
        }

        md.append("\n#### Every input changes before one settle, event-driven (the dirty-task queue at work)\n\n");
        md.append("Median of " + ROUNDS + " forks (range).\n\n");
        md.append("| tree | tasks | ns | per task |\n|---|---:|---:|---:|\n");
        for (TreeShape.Kind kind : TreeShape.Kind.values()) {
            for (int tasks : new int[] {1_000, 10_000, 100_000}) {
                List<Double> all = forks("flipEveryCondition/" + kind + "/" + tasks);
                md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %.1f |%n", kind.name().toLowerCase(Locale.ROOT),
                        tasks, spread(all, false), medianOf(all) / tasks));
            }
        }

        md.append("\n#### Memory (bytes, heap difference after full GCs, 10,000-task trees)\n\n");
        md.append("| what | bytes |\n|---|---:|\n");
        md.append(row("run-time state (TreeInstance) per task, balanced tree (0.9 input slots per task)",
                memory.instancePerTaskBalanced()));
        md.append(row("run-time state per task, deep tree (0.5 input slots per task)", memory.instancePerTaskDeep()));
        md.append(row("of which per task (solved from the two trees)", memory.perTask()));
        md.append(row("of which per Real slot", memory.perSlot()));
        md.append(row("serialized state (TreeState.toBytes) per task, balanced", memory.serializedPerTask()));
        md.append(row("shared definition (TreeDefinition, task nodes, parsed expressions) per task",
                memory.definitionPerTask()));
        md.append(row("gdx-ai tree per task (definition and state in one object graph), balanced",
                memory.gdxAiPerTask()));

        md.append("\n#### Targets\n\n");
        double flip = median("flipOneCondition/BALANCED/" + TARGET_SIZE + "/deepest");
        double gdx = medianOf(forks("gdxAiStep/" + TARGET_SIZE));
        md.append(String.format(Locale.ROOT, "- Input change at 10,000 tasks (balanced, deepest leaf) <= 1 us median:"
                + " %s ns: **%s**%n", ns(flip), flip <= 1000 ? "met" : "not met"));
        md.append(String.format(Locale.ROOT, "- Event-driven input change >= 100x cheaper than a full gdx-ai tick of"
                + " the same 10,000-task tree: %.0fx: **%s**%n", gdx / flip, gdx / flip >= 100 ? "met" : "not met"));
        for (int tasks : new int[] {1_000, 10_000, 100_000}) {
            double ratio = medianOf(ratios("engineTick/" + tasks, "gdxAiStep/" + tasks));
            md.append(String.format(Locale.ROOT, "- Ticked within 2x of gdx-ai per task at %,d tasks: %.2fx: **%s**%n",
                    tasks, ratio, ratio <= 2 ? "met" : "not met"));
        }
        double small = median("flipOneCondition/BALANCED/100/deepest");
        double large = median("flipOneCondition/BALANCED/100000/deepest");
        double deepSmall = median("flipOneCondition/DEEP/100/deepest");
        double deepLarge = median("flipOneCondition/DEEP/100000/deepest");
        double deepShallow = median("flipOneCondition/DEEP/100000/shallowest");
        md.append(String.format(Locale.ROOT, "- Grows with depth, not size: balanced 100 -> 100,000 tasks: %.1fx;"
                + " deep (height ~ tasks/2) 100 -> 100,000: %.0fx; the shallowest leaf of the deep 100,000-task"
                + " tree: %s ns%n", large / small, deepLarge / deepSmall, ns(deepShallow)));
        return md.toString();
    }

    /** Task evaluations the engine makes for one flip of the leaf's condition (deterministic). */
    static long evaluationsPerChange(TreeShape shape, int leaf) {
        EngineTree tree = new EngineTree(shape);
        TreeInstance instance = new TreeInstance(tree.definition(), ProcessingMode.EVENT_DRIVEN);
        instance.start(0);
        Counters before = instance.counters();
        instance.setReal(tree.slot(leaf), -EngineTree.HOLDS);
        instance.settle();
        return instance.counters().taskEvaluations() - before.taskEvaluations();
    }

    private static String row(String what, double bytes) {
        return String.format(Locale.ROOT, "| %s | %.1f |%n", what, bytes);
    }

    private static String ns(double v) {
        return String.format(Locale.ROOT, v < 100 ? "%.1f" : "%,.0f", v);
    }
}
