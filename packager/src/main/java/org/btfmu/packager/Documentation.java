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
                "boundsNote", boundsNote(mission, interfaces),
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

    /** The bounds on work per call (the mission's maxEventsPerStep and maxSweepsPerInstant) and what exceeding them does. */
    private static String boundsNote(Mission mission, Set<FmuInterface> interfaces) {
        boolean cs = interfaces.contains(FmuInterface.CO_SIMULATION);
        boolean me = interfaces.contains(FmuInterface.MODEL_EXCHANGE);
        StringBuilder note = new StringBuilder("<h2>Bounded work per call</h2>\n<p>One instant settles in at most ")
                .append(mission.maxSweepsPerInstant()).append(" event iterations (the mission's"
                        + " <code>maxSweepsPerInstant</code>)");
        if (cs) {
            note.append(" and one <code>fmi2DoStep</code> processes at most ").append(mission.maxEventsPerStep())
                    .append(" time events, or ticks (<code>maxEventsPerStep</code>)");
        }
        note.append(". An instant that needs more iterations does not settle (tasks keep switching each other)"
                + " and is undone: the FMU is left at that instant's left limit, with every earlier event"
                + " completed and the outputs and statuses of just before it.");
        if (cs) {
            note.append(" A step that meets such an instant, or that would need more time events, stops there"
                    + " with <code>fmi2Discard</code>; <code>fmi2GetRealStatus(fmi2LastSuccessfulTime)</code>"
                    + " says how far it got (the instant's time, or the last completed event) and a"
                    + " <code>logStatusDiscard</code> message says why (FMI 2.0 §4.2.3). A master may redo the"
                    + " step from a state saved with <code>fmi2GetFMUstate</code>; an instant that did not settle"
                    + " is met again and discarded again, so with the same inputs a run cannot pass it.");
        }
        note.append(" <code>fmi2ExitInitializationMode</code>");
        if (me) {
            note.append(" and, in Model Exchange, <code>fmi2NewDiscreteStates</code> (for which FMI 2.0 has no"
                    + " <code>fmi2Discard</code>)");
        }
        return note.append(" return <code>fmi2Error</code> with that message instead.</p>\n").toString();
    }

    private static String interfaceNames(Set<FmuInterface> interfaces) {
        boolean me = interfaces.contains(FmuInterface.MODEL_EXCHANGE);
        boolean cs = interfaces.contains(FmuInterface.CO_SIMULATION);
        return me && cs ? "Model Exchange and Co-Simulation" : me ? "Model Exchange" : "Co-Simulation";
    }

    /**
     * The text of externalDependencies.txt. {@code shimGlibc}: the newest glibc the shim needs
     * (read from the binary); {@code jre}: the bundled runtime, null when there is none;
     * {@code windowsDll}: the archive path of the Windows x64 DLL, null when there is none.
     */
    static String externalDependencies(Mission mission, String modelIdentifier,
            Optional<GlibcVersion> shimGlibc, JreImage.Made jre, String windowsDll) {
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
                "bundledJre", text,
                "windows", windowsDll != null ? WINDOWS.replace("{{windowsDll}}", windowsDll)
                        : "Windows: this FMU has no Windows x64 binary (it was built without MinGW-w64).\n"));
    }

    private static final String WINDOWS = """
            Windows x64: {{windowsDll}} needs only Windows system
            DLLs (KERNEL32, ADVAPI32, msvcrt) and a Java runtime, version 17 or newer
            (bin\\server\\jvm.dll), which it does not bundle (a Windows runtime image
            cannot be made on the build machine). It finds one, first match wins: a
            jvm.dll already in the process, BTFMU_LIBJVM (the full path of jvm.dll),
            resources\\jre\\bin\\server\\jvm.dll, %JAVA_HOME%\\bin\\server\\jvm.dll,
            java.exe on PATH, then the registry keys of JDK installers
            (HKLM\\SOFTWARE\\JavaSoft\\JDK|JRE\\<version>\\JavaHome, Eclipse Adoptium's
            HKLM\\SOFTWARE\\Eclipse Adoptium\\JDK|JRE\\<version>\\hotspot\\MSI\\Path).
            On Windows no class-data archive is made.
            """;

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
