package org.btfmu.packager;

import static org.btfmu.packager.Markup.escape;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.btfmu.core.TaskInfo;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.mission.Mission;

/**
 * The FMU's {@code documentation/} files (FMI 2.0 §2.3): {@code index.html}, what
 * the FMU does and its variables, and {@code externalDependencies.txt}, the Java
 * runtime it needs and how the shim finds one.
 */
final class Documentation {

    private Documentation() {
    }

    static String indexHtml(Mission mission, ModelVariables variables, String modelIdentifier,
            String generationTool, Set<FmuInterface> interfaces) {
        StringBuilder rows = new StringBuilder();
        boolean statusOutputs = false;
        for (Entry entry : variables.entries()) {
            statusOutputs |= entry.isTaskStatus();
            rows.append("<tr><td><code>").append(escape(entry.name())).append("</code></td><td>")
                    .append(entry.valueReference()).append("</td><td>")
                    .append(entry.isTaskStatus() ? ModelVariables.STATUS_TYPE : typeName(entry.type()))
                    .append("</td><td>").append(lower(entry.causality())).append("</td><td>")
                    .append(lower(entry.variability())).append("</td><td>")
                    .append(entry.start() == null ? "" : escape(entry.start().toString()))
                    .append("</td><td>").append(entry.unit() == null ? "" : escape(entry.unit()))
                    .append("</td><td>")
                    .append(entry.description() == null ? "" : escape(entry.description()))
                    .append("</td></tr>\n");
        }
        StringBuilder tasks = new StringBuilder();
        for (TaskInfo task : mission.tree().tasks()) {
            tasks.append("<tr><td><code>").append(escape(task.path())).append("</code></td><td>")
                    .append(escape(task.typeName())).append("</td></tr>\n");
        }
        String description = mission.description() == null || mission.description().isBlank()
                ? "" : "<p>" + escape(mission.description()) + "</p>\n";
        String statusNote = statusOutputs
                ? "<p>Each <code>" + ModelVariables.STATUS_PREFIX + "…</code> output is the status of"
                        + " one task, an enumeration: SUCCESS=1, FAILURE=2, ACCEPT=3 (not active),"
                        + " ACTIVATING=4, RUNNING=5, FINISHED=6, ABORTED=7, DEACTIVATING=8"
                        + " (active).</p>\n"
                : "";
        return Template.load("index.html").render(Map.of(
                "modelName", escape(mission.name()),
                "description", description,
                "generationTool", escape(generationTool),
                "modelIdentifier", escape(modelIdentifier),
                "variableRows", rows.toString(),
                "statusNote", statusNote,
                "interfaces", interfaceNames(interfaces),
                "modelExchangeNote", interfaces.contains(FmuInterface.MODEL_EXCHANGE) ? MODEL_EXCHANGE_NOTE : "",
                "taskRows", tasks.toString()));
    }

    /** What a Model Exchange importer sees; only in FMUs built with that interface. */
    private static final String MODEL_EXCHANGE_NOTE = """
            <h2>Model Exchange</h2>
            <p>A behavior tree has no derivatives: this FMU has no continuous states
            (<code>nx</code> = 0). Its event indicators are the crossing functions of the
            predicates' comparisons, one per crossing function; an indicator keeps its sign
            while its task cannot react, so a sign change is always an event the tree
            acts on. Time events (Wait, Timeout, entry and exit durations, delayed
            transitions) come as <code>nextEventTime</code> from
            <code>fmi2NewDiscreteStates</code>. The task statuses change only in
            <code>fmi2NewDiscreteStates</code> and <code>fmi2ExitInitializationMode</code>,
            never in Continuous-Time Mode, so the dependencies above hold for both
            interfaces.</p>
            """;

    private static String interfaceNames(Set<FmuInterface> interfaces) {
        boolean me = interfaces.contains(FmuInterface.MODEL_EXCHANGE);
        boolean cs = interfaces.contains(FmuInterface.CO_SIMULATION);
        return me && cs ? "Model Exchange and Co-Simulation" : me ? "Model Exchange" : "Co-Simulation";
    }

    /**
     * The text of externalDependencies.txt. {@code shimGlibc}: the newest glibc the shim needs
     * (read from the binary); {@code jre}: the bundled runtime, null when there is none.
     */
    static String externalDependencies(Mission mission, String modelIdentifier,
            Optional<GlibcVersion> shimGlibc, JreImage.Made jre) {
        String text = jre != null
                ? "  This FMU bundles one in resources/jre, so none has to be installed:\n"
                        + "  Java " + jre.version()
                        + (jre.vendor().isEmpty() ? "" : " (" + jre.vendor() + ")") + ", made with jlink;\n"
                        + "  its binaries need " + glibc(jre.glibc()) + ".\n"
                : "  This FMU does not bundle one: install one (for example the Debian\n"
                        + "  package openjdk-17-jre-headless) or build the FMU with --bundle-jre.\n"
                        + "  That runtime has its own glibc needs (e.g. Debian 12's OpenJDK 17\n"
                        + "  needs glibc 2.34, Eclipse Temurin builds need 2.17).\n";
        return Template.load("externalDependencies.txt").render(Map.of(
                "modelName", mission.name(),
                "modelIdentifier", modelIdentifier,
                "shimGlibc", glibc(shimGlibc),
                "bundledJre", text));
    }

    private static String glibc(Optional<GlibcVersion> version) {
        return version.map(v -> "glibc " + v + " or newer").orElse("no versioned glibc symbol");
    }

    /** The FMI spelling: Real, Integer, Boolean, String. */
    private static String typeName(SlotType type) {
        String name = type.name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }

    private static String lower(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
