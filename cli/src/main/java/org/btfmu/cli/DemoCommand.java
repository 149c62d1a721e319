package org.btfmu.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.btfmu.btcpp.TreeImporter;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.CsvWriter;
import org.btfmu.charts.StatusTimelineChart;
import org.btfmu.charts.VariableChart;
import org.btfmu.cosim.ModelStructure;
import org.btfmu.demo.DemoCampaign;
import org.btfmu.demo.DemoScenario;
import org.btfmu.demo.MissionCoSimulation;
import org.btfmu.demo.Recording;
import org.btfmu.demo.ReportRecorder;
import org.btfmu.mission.MissionLoader;
import org.btfmu.demo.TrajectoryChart;
import org.btfmu.mission.MissionException;
import org.btfmu.packager.FmuBuildException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bt-fmu demo}: builds the example missions into FMUs and flies each against
 * its plant FMU (both shipped inside this jar), writing per scenario the FMUs,
 * result.csv, status.png and plots.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {
            "Builds the example missions into FMUs and co-simulates the papers' scenarios against the "
                + "plant FMUs: the 2013 traffic circuit, the 2014 solar day, the 2015 square (sequence* and "
                + "the plain sequence that circles).",
            "Writes <output>/<scenario>/: mission.json, connections.json, mission.fmu, plant.fmu, scenario.ssp "
                + "(both FMUs coupled, for OMEdit/OMSimulator or bt-fmu simulate), result.csv "
                + "(time, then mission.* and plant.* outputs), report.html (timeline, variables, the tree at a "
                + "moment, the events), run.btlog (BehaviorTree.CPP's FileLogger2 log, for Groot2), status.png "
                + "(every task's status over time) and plots of the key variables."})
public final class DemoCommand implements Callable<Integer> {

    private static final String EXAMPLES = "org/btfmu/demo/examples/";

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, defaultValue = "demo-output", paramLabel = "<dir>",
            description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path output;

    @Option(names = "--no-campaign",
            description = "Leave out the campaign (the solar day over initial charge and panel area, on Spark).")
    boolean noCampaign;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            OutputFiles.createDirectory(output); // before any work: a bad -o is bad input, said at once
        } catch (IOException e) {
            err.println("bt-fmu demo: " + e.getMessage());
            err.flush();
            return BtFmu.EXIT_BAD_INPUT;
        }
        try {
            for (DemoScenario scenario : DemoScenario.ALL) {
                out.println(run(scenario, err));
                out.flush();
            }
            if (!noCampaign) {
                out.println(DemoCampaign.run(output, out, err));
            }
            out.println("Open " + output.toAbsolutePath().normalize() + "/*/report.html in a browser (or the PNGs"
                    + " there); Groot2 replays */run.btlog" + (noCampaign ? "." : "; the campaign's summary is"
                    + " solar-day-campaign/summary.html."));
            out.flush();
            return 0;
        } catch (IOException | FmuBuildException | MissionException | CoSimulationException e) {
            err.println("bt-fmu demo: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private String run(DemoScenario scenario, PrintWriter err)
            throws IOException, FmuBuildException {
        Path dir = output.resolve(scenario.example());
        OutputFiles.createDirectory(dir);
        Path mission = mission(scenario, dir);
        Path connections = copyResource(EXAMPLES + "connections/" + scenario.example() + ".json",
                dir.resolve("connections.json"));
        MissionCoSimulation.prepare(mission, scenario.plant(), dir);
        MissionCoSimulation.writeScenario(dir, connections, scenario.stop(), scenario.step(),
                message -> err.println(scenario.example() + ": " + message));

        Recording recording = new Recording();
        ReportRecorder recorder = new ReportRecorder(message -> err.println(scenario.example() + ": " + message));
        CoSimulation.Result result;
        try (CsvWriter csv = new CsvWriter(dir.resolve("result.csv"))) {
            result = MissionCoSimulation.run(dir, connections, scenario.stop(), scenario.step(),
                    List.of(csv, recording), recorder);
        }
        recorder.writeReport(dir.resolve("report.html"), scenario.example() + ": "
                + MissionLoader.load(mission).name(), false);
        recorder.writeBtLog(dir.resolve("run.btlog"));

        List<String> written = new ArrayList<>(List.of("scenario.ssp", "result.csv", "report.html", "run.btlog",
                "status.png"));
        List<String> tasks = new ArrayList<>();
        List<double[]> statuses = new ArrayList<>();
        for (String column : recording.columns()) {
            if (column.startsWith("mission.status.")) {
                tasks.add(column.substring("mission.status.".length()));
                statuses.add(recording.values(column));
            }
        }
        double[] times = recording.times();
        StatusTimelineChart.write(dir.resolve("status.png"), "Task status: " + scenario.example(), tasks, times,
                statuses);
        ModelStructure plant = ModelStructure.read(dir.resolve("plant.fmu"));
        for (String variable : scenario.variables()) {
            String column = "plant." + variable;
            VariableChart.write(dir.resolve(DemoScenario.plotFile(variable)), scenario.example() + ": " + column,
                    column, plant.unit(variable), times, recording.values(column));
            written.add(DemoScenario.plotFile(variable));
        }
        if (scenario.trajectory()) {
            TrajectoryChart.write(dir.resolve("trajectory.png"), scenario.example() + ": ground track",
                    recording.values("plant.x"), recording.values("plant.y"),
                    new double[] {0, 1000, 1000, 0}, new double[] {1000, 1000, 0, 0});
            written.add("trajectory.png");
        }
        return String.format(Locale.ROOT, "%-24s %s%n  %s s simulated in %.1f s wall time: %s/ (%s)",
                scenario.example(), scenario.paper(), (long) scenario.stop(), result.wallSeconds(),
                dir, String.join(", ", written));
    }

    /**
     * The scenario's mission file in {@code dir}: the example mission, or for a BehaviorTree.CPP
     * example the import of {@code btcpp/<example>.xml} with its bindings (both copied beside it).
     */
    private static Path mission(DemoScenario scenario, Path dir) throws IOException {
        String example = scenario.example();
        Path mission = dir.resolve("mission.json");
        if (DemoCommand.class.getClassLoader().getResource(EXAMPLES + example + ".json") != null) {
            return copyResource(EXAMPLES + example + ".json", mission);
        }
        // examples/btcpp/ holds BT.CPP trees; examples/nav2/ Nav2's published tree (under its own name), the
        // bindings (which apply the Nav2 library) and Nav2's node manifest the bindings name.
        String treeFile = scenario.tree() != null ? scenario.tree() : "btcpp/" + example + ".xml";
        String folder = treeFile.substring(0, treeFile.indexOf('/') + 1);
        Path tree = copyResource(EXAMPLES + treeFile, dir.resolve("tree.xml"));
        Path bindings = copyResource(EXAMPLES + folder + example + ".bindings.json", dir.resolve("bindings.json"));
        if (folder.equals("nav2/")) {
            copyResource(EXAMPLES + "nav2/nav2_tree_nodes.xml", dir.resolve("nav2_tree_nodes.xml"));
        }
        Files.writeString(mission, TreeImporter.toText(TreeImporter.importFile(tree, bindings)));
        return mission;
    }

    private static Path copyResource(String name, Path target) throws IOException {
        try (InputStream in = DemoCommand.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the bt-fmu jar lacks " + name + "; rebuild it with 'mvn package'");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }
}
