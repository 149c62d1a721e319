package org.btfmu.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.ConnectionFile;
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
    }

    private ScenarioRun() {
    }

    /** Configuration errors (FMUs, wiring, expectations) end in a {@link ScenarioException} before the run. */
    public static Outcome run(Scenario scenario, Consumer<String> fmuLog) {
        return run(scenario, fmuLog, true);
    }

    /**
     * Everything but the run: the FMUs load, the wiring and the expectations resolve; else a
     * {@link ScenarioException}. So every scenario of a project can be checked before any runs.
     */
    public static void check(Scenario scenario, Consumer<String> fmuLog) {
        run(scenario, fmuLog, false);
    }

    private static Outcome run(Scenario scenario, Consumer<String> fmuLog, boolean execute) {
        if (scenario.ssp() == null) {
            List<CoSimulation.FmuSpec> specs = new ArrayList<>();
            scenario.fmus().forEach((name, fmu) -> specs.add(new CoSimulation.FmuSpec(name, fmu)));
            return run(scenario, specs, loaded -> ConnectionFile.read(scenario.file(), loaded, Scenario.KEYS),
                    scenario.times(new Experiment(Double.NaN, Double.NaN, Double.NaN)), fmuLog, execute);
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
            return run(scenario, specs, ssp::wiring, scenario.times(ssp.experiment()), fmuLog, execute);
        }
    }

    private static Outcome run(Scenario scenario, List<CoSimulation.FmuSpec> specs,
            Function<List<FmuInstance>, ConnectionFile> wiring, Experiment times, Consumer<String> fmuLog,
            boolean execute) {
        CoSimulation sim;
        try {
            sim = CoSimulation.load(specs, fmuLog);
        } catch (CoSimulationException e) {
            throw new ScenarioException(scenario.file() + ": /fmus: " + e.getMessage());
        }
        try (sim) {
            List<FmuInstance> fmus = sim.fmus();
            List<Expectation> expectations;
            try {
                ConnectionFile file = wiring.apply(fmus);
                sim.connect(file.connections());
                sim.set(file.parameters());
                expectations = expectations(scenario, fmus, times);
            } catch (CoSimulationException e) {
                throw new ScenarioException(e.getMessage());
            }
            if (!execute) {
                return new Outcome(scenario, expectations, null, 0);
            }
            List<VariableReference> recorded = expectations.stream().map(Expectation::target).distinct().toList();
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
            long started = System.nanoTime();
            String error = null;
            try {
                sim.run(times.start(), times.stop(), times.step(), recorded, List.of(watcher), p -> { });
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
