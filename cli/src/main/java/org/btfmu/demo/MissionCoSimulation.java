package org.btfmu.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.ConnectionFile;
import org.btfmu.cosim.Experiment;
import org.btfmu.cosim.ModelExchangeMaster;
import org.btfmu.cosim.SampleListener;
import org.btfmu.cosim.SspWriter;
import org.btfmu.cosim.VariableReference;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuBuildException;
import org.btfmu.packager.FmuPackager;
import org.btfmu.testfmus.PlantFmu;

/**
 * A mission file flown against a plant FMU: the mission is built into
 * {@code mission.fmu} by the packager, the plant is copied next to it, both are
 * wired by a connection file (instances "mission" and "plant") and stepped by the
 * co-simulation master. Every output of both FMUs is sampled; columns are
 * {@code mission.<variable>} and {@code plant.<variable>}. The same coupling can be
 * written as an SSP for other tools.
 */
public final class MissionCoSimulation {

    private MissionCoSimulation() {
    }

    /** Builds {@code directory/mission.fmu} and copies the plant to {@code directory/plant.fmu}. */
    public static void prepare(Path missionFile, PlantFmu plant, Path directory)
            throws IOException, FmuBuildException {
        Files.createDirectories(directory);
        Mission mission = MissionLoader.load(missionFile);
        new FmuPackager().build(mission, new FmuPackager.Options(null, false), directory.resolve("mission.fmu"));
        Files.move(plant.copyTo(directory), directory.resolve("plant.fmu"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Co-simulates the FMUs that {@link #prepare} put into {@code directory} from 0
     * to {@code stop}; returns the master's result.
     */
    public static CoSimulation.Result run(Path directory, Path connections, double stop, double step,
            List<SampleListener> listeners, Consumer<String> log) {
        try (CoSimulation sim = wired(directory, connections, log, false)) {
            return sim.run(0, stop, step, new ArrayList<>(sim.allOutputs()), listeners, fraction -> { });
        }
    }

    /**
     * {@link #run} with {@code recorder} keeping what report.html and the .btlog need: the FMUs log
     * through it, and the listeners see only the recorded outputs, not the inputs it adds.
     */
    public static CoSimulation.Result run(Path directory, Path connections, double stop, double step,
            List<SampleListener> listeners, ReportRecorder recorder) {
        try (CoSimulation sim = wired(directory, connections, recorder.log(), false)) {
            List<VariableReference> columns = recorder.prepare(sim.fmus(), new ArrayList<>(sim.allOutputs()));
            List<SampleListener> all = new ArrayList<>();
            listeners.forEach(l -> all.add(recorder.recordedOnly(l)));
            all.add(recorder);
            return sim.run(0, stop, step, columns, all, fraction -> { });
        }
    }

    /**
     * Simulates the FMUs that {@link #prepare} put into {@code directory} as one Model Exchange
     * system from 0 to {@code stop}, sampled every {@code interval} and after every event;
     * {@code missionLog} are log categories to switch on in the mission FMU (its messages go to
     * {@code log} as "mission: …").
     */
    public static ModelExchangeMaster.Result runModelExchange(Path directory, Path connections, double stop,
            double interval, List<SampleListener> listeners, Consumer<String> log, String... missionLog) {
        try (CoSimulation sim = wired(directory, connections, log, true)) {
            sim.fmus().get(0).logCategories(missionLog);
            return sim.runModelExchange(0, stop, interval, ModelExchangeMaster.Tolerances.defaults(),
                    new ArrayList<>(sim.allOutputs()), listeners, fraction -> { });
        }
    }

    /**
     * Every task status change of the mission, as its FMU logs them ({@code logTaskStatus}:
     * "t=&lt;time&gt; &lt;task path&gt;: OLD -&gt; NEW"), in a Co-Simulation run with {@code step} or
     * a Model Exchange run with that output interval. Unlike sampled statuses this includes the
     * changes within one instant.
     */
    public static List<String> statusChanges(Path directory, Path connections, double stop, double step,
            boolean modelExchange) {
        List<String> changes = new ArrayList<>();
        Consumer<String> log = line -> {
            if (line.startsWith("mission: t=") && line.contains(" -> ")) {
                changes.add(line.substring("mission: ".length()));
            }
        };
        try (CoSimulation sim = wired(directory, connections, log, modelExchange)) {
            sim.fmus().get(0).logCategories("logTaskStatus");
            if (modelExchange) {
                sim.runModelExchange(0, stop, step, ModelExchangeMaster.Tolerances.defaults(), List.of(), List.of(),
                        fraction -> { });
            } else {
                sim.run(0, stop, step, List.of(), List.of(), fraction -> { });
            }
        }
        return changes;
    }

    /** The mission and the plant loaded and connected (instances "mission" and "plant"). */
    private static CoSimulation wired(Path directory, Path connections, Consumer<String> log,
            boolean modelExchange) {
        CoSimulation sim = CoSimulation.load(specs(directory), log, modelExchange);
        try {
            ConnectionFile wiring = ConnectionFile.read(connections, sim.fmus());
            sim.connect(wiring.connections());
            sim.set(wiring.parameters());
            return sim;
        } catch (RuntimeException e) {
            sim.close();
            throw e;
        }
    }

    /**
     * Writes the FMUs that {@link #prepare} put into {@code directory} with their wiring as
     * {@code directory/scenario.ssp}, to run from 0 to {@code stop} with {@code step}.
     */
    public static Path writeScenario(Path directory, Path connections, double stop, double step, Consumer<String> log) {
        Path ssp = directory.resolve("scenario.ssp");
        try (CoSimulation sim = CoSimulation.load(specs(directory), log)) {
            ConnectionFile wiring = ConnectionFile.read(connections, sim.fmus());
            SspWriter.write(ssp, SspWriter.identifier(directory.getFileName().toString()), sim.fmus(),
                    wiring.connections(), wiring.parameters(), new Experiment(0, stop, step));
        }
        return ssp;
    }

    private static List<CoSimulation.FmuSpec> specs(Path directory) {
        return List.of(new CoSimulation.FmuSpec("mission", directory.resolve("mission.fmu")),
                new CoSimulation.FmuSpec("plant", directory.resolve("plant.fmu")));
    }

    /** {@link #prepare} then {@link #runModelExchange}, keeping every sample in memory. */
    public static Recording flyModelExchange(Path missionFile, Path connections, PlantFmu plant, double stop,
            double interval, Path directory) throws IOException, FmuBuildException {
        prepare(missionFile, plant, directory);
        Recording recording = new Recording();
        runModelExchange(directory, connections, stop, interval, List.of(recording), System.err::println);
        return recording;
    }

    /** {@link #prepare} then {@link #run}, keeping every sample in memory. */
    public static Recording fly(Path missionFile, Path connections, PlantFmu plant, double stop, double step,
            Path directory) throws IOException, FmuBuildException {
        prepare(missionFile, plant, directory);
        Recording recording = new Recording();
        run(directory, connections, stop, step, List.of(recording), System.err::println);
        return recording;
    }
}
