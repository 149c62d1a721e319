package org.btfmu.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.btfmu.core.TaskInfo;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.mission.Variable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bt-fmu show mission.json}: the variables and the tree as indented text, or the tree as Graphviz DOT. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Print a mission's variables and task tree (indented), or the tree as Graphviz DOT.")
public final class ShowCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "MISSION", description = "mission JSON file")
    Path file;

    @Option(names = "--dot", description = "write the tree as Graphviz DOT (e.g. | dot -Tsvg > tree.svg)")
    boolean dot;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Mission mission;
        try {
            mission = MissionLoader.load(file);
        } catch (MissionException e) {
            PrintWriter err = spec.commandLine().getErr();
            ValidateCommand.printProblems(err, file, e);
            err.flush();
            return BtFmu.EXIT_BAD_INPUT;
        }
        out.print(dot ? dot(mission) : text(mission));
        out.flush();
        return 0;
    }

    static String text(Mission mission) {
        StringBuilder text = new StringBuilder("mission ").append(mission.name()).append(mission.processing()
                .isTicked() ? " (ticked every " + mission.processing().period() + " s)\n" : " (event-driven)\n");
        if (mission.description() != null) {
            text.append("  ").append(mission.description()).append('\n');
        }
        text.append("variables:\n");
        for (Variable v : mission.variables()) {
            text.append(String.format("  %-9s %-8s %s", v.causality().name().toLowerCase(java.util.Locale.ROOT),
                    typeName(v), v.name()));
            text.append(" = ").append(v.start() instanceof String s ? '"' + s + '"' : v.start());
            if (v.unit() != null) {
                text.append(" [").append(v.unit()).append(']');
            }
            text.append('\n');
        }
        text.append("tree:\n");
        List<TaskInfo> tasks = mission.tree().tasks();
        int[] depth = new int[tasks.size()];
        for (TaskInfo task : tasks) {
            depth[task.index()] = task.parentIndex() < 0 ? 0 : depth[task.parentIndex()] + 1;
            text.append("  ".repeat(depth[task.index()] + 1)).append(task.typeName()).append(' ')
                    .append(task.name()).append('\n');
        }
        return text.toString();
    }

    static String dot(Mission mission) {
        StringBuilder dot = new StringBuilder("digraph ").append(quote(mission.name())).append(" {\n");
        dot.append("  node [fontname=\"Helvetica\"];\n");
        for (TaskInfo task : mission.tree().tasks()) {
            dot.append("  t").append(task.index()).append(" [label=").append(quote(task.typeName() + "\n" + task.name()))
                    .append(", shape=").append(shape(task.typeName())).append("];\n");
        }
        for (TaskInfo task : mission.tree().tasks()) {
            if (task.parentIndex() >= 0) {
                dot.append("  t").append(task.parentIndex()).append(" -> t").append(task.index()).append(";\n");
            }
        }
        return dot.append("}\n").toString();
    }

    /** Leaves that test are ellipses, leaves that act are boxes, everything else rounded boxes. */
    private static String shape(String typeName) {
        switch (typeName) {
            case "Condition": return "ellipse";
            case "Action", "Wait", "StateMachine": return "box";
            default: return "box, style=rounded";
        }
    }

    private static String typeName(Variable v) {
        String name = v.type().name();
        return name.charAt(0) + name.substring(1).toLowerCase(java.util.Locale.ROOT);
    }

    private static String quote(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
