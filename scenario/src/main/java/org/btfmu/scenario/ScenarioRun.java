package org.btfmu.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.ConnectionFile;
import org.btfmu.cosim.CsvWriter;
import org.btfmu.cosim.Experiment;
import org.btfmu.cosim.FmuInstance;
import org.btfmu.cosim.SampleListener;
import org.btfmu.cosim.SspArchive;
import org.btfmu.cosim.VariableReference;

/**
 * Runs one scenario with the project's master ({@link CoSimulation}) and
 * watches its expectations at every communication point.
 */
public final class ScenarioRun {

    /**
     * What a run gave: every expectation decided, or {@code error} when the
     * co-simulation itself stopped (an FMU returned an error).
     */
    public record Outcome(Scenario scenario, List<Expectation> expectations, String error, double seconds) {

        public long failures() {
            return expectations.stream().filter(e -> !e.passed()).count();
        }

        /** As its report counts: {@code 3 passed, 1 failed, 0 errors, 0 skipped} (a stopped run: 1 error, all skipped). */
        public String counts() {
            int n = expectations.size();
            return error == null ? ScenarioRun.counts(n - (int) failures(), (int) failures(), 0, 0)
                    : ScenarioRun.counts(0, 0, 1, n);
        }
    }

    /**
     * The hook a campaign run uses to vary one run of a scenario: more start values (set
     * after the scenario's own), more variables watched, and a listener that sees them at
     * every communication point (after the exchange, before the FMUs step on: a value it
     * sets on an input holds for the next step). Everything stays as the scenario says otherwise.
     */
    public interface Variation {

        /** Start values set after the scenario's parameters; resolved against the loaded FMUs. */
        List<ConnectionFile.ParameterValue> parameters(List<FmuInstance> fmus);

        /** Variables to sample besides the expectations' targets. */
        List<VariableReference> watched(List<FmuInstance> fmus);

        /** Called with every sample; {@code recorded} is the order of the values it gets. */
        SampleListener listener(List<VariableReference> recorded);
    }

    /** Nothing varied: the scenario as written. */
    private static final Variation NONE = new Variation() {
        @Override
        public List<ConnectionFile.ParameterValue> parameters(List<FmuInstance> fmus) {
            return List.of();
        }

        @Override
        public List<VariableReference> watched(List<FmuInstance> fmus) {
            return List.of();
        }

        @Override
        public SampleListener listener(List<VariableReference> recorded) {
            return null;
        }
    };

    private ScenarioRun() {
    }

    /** The counts of scenario results, in the words of the plugin's console and the command line. */
    public static String counts(int passed, int failed, int errors, int skipped) {
        return passed + " passed, " + failed + " failed, " + errors + (errors == 1 ? " error, " : " errors, ")
                + skipped + " skipped";
    }

    /** Configuration errors (FMUs, wiring, expectations) end in a {@link ScenarioException} before the run. */
    public static Outcome run(Scenario scenario, Consumer<String> fmuLog) {
        return run(scenario, fmuLog, null);
    }

    /**
     * Runs the scenario and, when {@code csv} is not null, also writes every output of every FMU
     * (and what the expectations watch) there, as {@code bt-fmu simulate} writes result.csv.
     */
    public static Outcome run(Scenario scenario, Consumer<String> fmuLog, Path csv) {
        return run(scenario, fmuLog, true, csv, NONE);
    }

    /** As {@link #run(Scenario, Consumer, Path)}, one run of a campaign: varied by {@code variation}. */
    public static Outcome run(Scenario scenario, Consumer<String> fmuLog, Path csv, Variation variation) {
        return run(scenario, fmuLog, true, csv, variation);
    }

    /**
     * Everything but the run: the FMUs load, the wiring and the expectations resolve; else a
     * {@link ScenarioException}. So every scenario of a project can be checked before any runs.
     */
    public static void check(Scenario scenario, Consumer<String> fmuLog) {
        run(scenario, fmuLog, false, null, NONE);
    }

    /** As {@link #check(Scenario, Consumer)} with a campaign's variation resolved too. */
    public static void check(Scenario scenario, Consumer<String> fmuLog, Variation variation) {
        run(scenario, fmuLog, false, null, variation);
    }

    private static Outcome run(Scenario scenario, Consumer<String> fmuLog, boolean execute, Path csv,
            Variation variation) {
        if (scenario.ssp() == null) {
            List<CoSimulation.FmuSpec> specs = new ArrayList<>();
            scenario.fmus().forEach((name, fmu) -> specs.add(new CoSimulation.FmuSpec(name, fmu)));
            return run(scenario, specs, loaded -> ConnectionFile.read(scenario.file(), loaded, Scenario.KEYS),
                    scenario.times(new Experiment(Double.NaN, Double.NaN, Double.NaN)), fmuLog, execute, csv, variation);
        }
        SspArchive ssp;
        try {
            ssp = SspArchive.open(scenario.ssp());
        } catch (CoSimulationException e) {
            throw new ScenarioException(scenario.file() + ": /ssp: " + e.getMessage());
        }
        try (ssp) {
            List<CoSimulation.FmuSpec> specs = new ArrayList<>();
            for (CoSimulation.FmuSpec component : ssp.fmus()) {
                Path replaced = scenario.fmus().get(component.name());
                specs.add(replaced == null ? component : new CoSimulation.FmuSpec(component.name(), replaced));
            }
            for (String name : scenario.fmus().keySet()) {
                if (specs.stream().noneMatch(spec -> spec.name().equals(name))) {
                    throw new ScenarioException(scenario.file() + ": /fmus/" + name + ": " + scenario.ssp().getFileName()
                            + " has no component '" + name + "' (its components: " + String.join(", ",
                            ssp.fmus().stream().map(CoSimulation.FmuSpec::name).toList()) + ")");
                }
            }
            return run(scenario, specs, ssp::wiring, scenario.times(ssp.experiment()), fmuLog, execute, csv, variation);
        }
    }

    private static Outcome run(Scenario scenario, List<CoSimulation.FmuSpec> specs,
            Function<List<FmuInstance>, ConnectionFile> wiring, Experiment times, Consumer<String> fmuLog,
            boolean execute, Path csv, Variation variation) {
        CoSimulation sim;
        try {
            sim = CoSimulation.load(specs, fmuLog);
        } catch (CoSimulationException e) {
            throw new ScenarioException(scenario.file() + ": /fmus: " + e.getMessage());
        }
        try (sim) {
            List<FmuInstance> fmus = sim.fmus();
            List<Expectation> expectations;
            List<VariableReference> watched;
            try {
                ConnectionFile file = wiring.apply(fmus);
                sim.connect(file.connections());
                sim.set(file.parameters());
                sim.set(variation.parameters(fmus));
                expectations = expectations(scenario, fmus, times);
                watched = variation.watched(fmus);
            } catch (CoSimulationException e) {
                throw new ScenarioException(e.getMessage());
            }
            if (!execute) {
                return new Outcome(scenario, expectations, null, 0);
            }
            Set<VariableReference> columns = new LinkedHashSet<>();
            expectations.forEach(e -> columns.add(e.target()));
            columns.addAll(watched);
            if (csv != null) {
                columns.addAll(sim.allOutputs());
            }
            List<VariableReference> recorded = List.copyOf(columns);
            int[] column = expectations.stream().mapToInt(e -> recorded.indexOf(e.target())).toArray();
            SampleListener watcher = new SampleListener() {
                @Override
                public void columns(List<String> names) {
                }

                @Override
                public void sample(double time, Object[] values) {
                    for (int i = 0; i < column.length; i++) {
                        expectations.get(i).sample(time, values[column[i]]);
                    }
                }
            };
            SampleListener varied = variation.listener(recorded);
            long started = System.nanoTime();
            String error = null;
            try (CsvWriter writer = csv == null ? null : new CsvWriter(csv)) {
                List<SampleListener> listeners = new ArrayList<>(List.of(watcher));
                if (writer != null) {
                    listeners.add(writer);
                }
                if (varied != null) {
                    listeners.add(varied);
                }
                sim.run(times.start(), times.stop(), times.step(), recorded, listeners, p -> { });
            } catch (CoSimulationException e) {
                error = e.getMessage();
            }
            if (error == null) {
                expectations.forEach(Expectation::finish);
            }
            return new Outcome(scenario, expectations, error, (System.nanoTime() - started) / 1e9);
        }
    }

    private static List<Expectation> expectations(Scenario scenario, List<FmuInstance> fmus, Experiment times) {
        JsonNode list = scenario.expectations();
        List<Expectation> result = new ArrayList<>();
        if (list.isMissingNode()) {
            return result;
        }
        if (!list.isArray()) {
            throw new ScenarioException(scenario.file() + ": /expect: expected an array of expectations");
        }
        for (int i = 0; i < list.size(); i++) {
            result.add(Expectation.read(scenario.file() + ": /expect/" + i, list.get(i), fmus,
                    times.start(), times.stop()));
        }
        return result;
    }
}
