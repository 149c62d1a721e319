package org.btfmu.demo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.btfmu.core.Status;
import org.btfmu.cosim.FmuInstance;
import org.btfmu.cosim.FmuVariable;
import org.btfmu.cosim.SampleListener;
import org.btfmu.cosim.VariableReference;
import org.btfmu.cosim.VariableType;
import org.btfmu.report.BtLog;
import org.btfmu.report.EventCauses;
import org.btfmu.report.HtmlReport;
import org.btfmu.report.MissionTasks;
import org.btfmu.report.ReportTask;
import org.btfmu.report.ReportTasks;
import org.btfmu.report.RunReport;
import org.btfmu.report.SampledEvents;
import org.btfmu.report.StatusEvent;
import org.btfmu.report.StatusLog;

/**
 * What a co-simulation run needs to leave report.html and a .btlog behind: the mission FMUs
 * (those with {@code status.*} outputs) log every status change ({@code logTaskStatus}, caught
 * here and not printed), their inputs are sampled beside the recorded columns (for the causes;
 * they do not go into result.csv), and every sample is kept.
 *
 * <p>Use: {@link #log()} as the FMUs' log when loading, {@link #prepare} before the run, this as
 * one more sample listener and {@link #recordedOnly} around the others, then {@link #writeReport}
 * and {@link #writeBtLog}.
 */
public final class ReportRecorder implements SampleListener {

    private static final String STATUS = "status.";

    private final StatusLog log;
    private final Recording samples;
    private List<VariableReference> columns = List.of();
    private int recorded;
    private boolean prepared;
    private final List<FmuInstance> missions = new ArrayList<>();
    private final Map<String, String> prefixes = new LinkedHashMap<>();

    /** {@code log}: where every FMU message other than a status change goes. */
    public ReportRecorder(Consumer<String> log) {
        this(log, 1024);
    }

    /** {@code expectedRows}: the samples the run will most likely give (room for them is taken up front). */
    public ReportRecorder(Consumer<String> log, long expectedRows) {
        this.log = new StatusLog(log);
        this.samples = new Recording(expectedRows);
    }

    /** The log to load the FMUs with. */
    public Consumer<String> log() {
        return log;
    }

    /**
     * Before the run (after loading, before instantiation): switches on {@code logTaskStatus} in every
     * mission FMU and returns the columns to sample: {@code recordedColumns}, then the mission inputs
     * not among them.
     */
    public List<VariableReference> prepare(List<FmuInstance> fmus, List<VariableReference> recordedColumns) {
        for (FmuInstance fmu : fmus) {
            if (!statusOutputs(fmu).isEmpty()) {
                missions.add(fmu);
                fmu.logCategories("logTaskStatus");
            }
        }
        missions.forEach(m -> prefixes.put(m.name(), missions.size() > 1 ? m.name() + ":" : ""));
        Set<VariableReference> all = new LinkedHashSet<>(recordedColumns);
        missions.forEach(m -> m.inputs().forEach(v -> all.add(new VariableReference(m, v))));
        recorded = recordedColumns.size();
        columns = List.copyOf(all);
        prepared = true;
        return columns;
    }

    /** {@code listener} seeing only the recorded columns (not the extra inputs {@link #prepare} added). */
    public SampleListener recordedOnly(SampleListener listener) {
        return new SampleListener() {
            @Override
            public void columns(List<String> names) {
                listener.columns(names.subList(0, recorded));
            }

            private Object[] head = new Object[0];
            private org.btfmu.cosim.Values source;
            private org.btfmu.cosim.Values view; // the recorded columns of source, made once per source

            @Override
            public void sample(double time, org.btfmu.cosim.Values values) {
                if (values != source) {
                    source = values;
                    view = values.head(Math.min(recorded, values.size()));
                }
                listener.sample(time, view);
            }

            @Override
            public void sample(double time, Object[] values) {
                if (values.length == recorded) {
                    listener.sample(time, values);
                    return;
                }
                if (head.length != recorded) {
                    head = new Object[recorded];
                }
                System.arraycopy(values, 0, head, 0, recorded);
                listener.sample(time, head);
            }
        };
    }

    @Override
    public void columns(List<String> names) {
        samples.columns(names);
    }

    @Override
    public void sample(double time, Object[] values) {
        if (!prepared || !missions.isEmpty()) { // without a mission there is no report to keep samples for
            samples.sample(time, values);
        }
    }

    @Override
    public void sample(double time, org.btfmu.cosim.Values values) {
        if (!prepared || !missions.isEmpty()) {
            samples.sample(time, values);
        }
    }

    /** Writes report.html for the run so far; {@code title} names the mission (and scenario). */
    public void writeReport(Path html, String title, boolean modelExchange) throws IOException {
        List<ReportTask> tasks = tasks();
        double[] times = samples.times();
        Map<String, double[]> statuses = statuses();
        List<RunReport.Variable> variables = new ArrayList<>();
        for (int c = 0; c < recorded; c++) {
            VariableReference r = columns.get(c);
            if (r.variable().type() != VariableType.STRING && !(missions.contains(r.fmu())
                    && r.variable().name().startsWith(STATUS))) {
                String unit = r.fmu().structure().unit(r.variable().name());
                variables.add(new RunReport.Variable(samples.columns().get(c), unit == null ? "" : unit,
                        samples.values(samples.columns().get(c))));
            }
        }
        Map<String, double[]> inputs = new HashMap<>();
        for (FmuInstance m : missions) {
            for (FmuVariable v : m.inputs()) {
                int c = columns.indexOf(new VariableReference(m, v));
                if (c >= 0 && v.type() != VariableType.STRING) {
                    inputs.put(prefixes.get(m.name()) + v.name(), samples.values(samples.columns().get(c)));
                }
            }
        }
        List<StatusEvent> events = EventCauses.derive(events(tasks, times, statuses), times, inputs,
                EventCauses.reads(tasks, inputs.keySet()), modelExchange);
        HtmlReport.write(html, new RunReport(title, times, tasks, statuses, variables, events));
    }

    /** Writes the run as BehaviorTree.CPP's FileLogger2 log, which Groot2 replays. */
    public void writeBtLog(Path btlog) throws IOException {
        List<ReportTask> tasks = tasks();
        double[] times = samples.times();
        Map<String, double[]> statuses = statuses();
        List<StatusEvent> events = events(tasks, times, statuses);
        Map<String, Status> initial = new HashMap<>();
        for (StatusEvent e : events) {
            initial.putIfAbsent(e.task(), e.from());
        }
        statuses.forEach((path, values) -> {
            if (values.length > 0 && values[0] >= 1 && values[0] <= Status.values().length) {
                initial.putIfAbsent(path, Status.values()[(int) values[0] - 1]);
            }
        });
        String name = String.join("_", missions.stream().map(FmuInstance::modelName).toList());
        BtLog.write(btlog, name.isEmpty() ? "bt_fmu" : name, tasks, initial, events, times.length == 0 ? 0 : times[0]);
    }

    /** The sample times so far (a mission run's; none without a mission). */
    public double[] times() {
        return samples.times();
    }

    /** The samples of a numeric column given to {@link #prepare} (a mission run's; none without a mission). */
    public double[] values(VariableReference column) {
        int c = columns.indexOf(column);
        if (c < 0) {
            throw new IllegalArgumentException("'" + column + "' is not sampled");
        }
        return samples.values(samples.columns().get(c));
    }

    /** Whether the run had a mission FMU (one with status outputs): else there is nothing to report. */
    public boolean hasMission() {
        return !missions.isEmpty();
    }

    /** The logged changes, or where none were logged those the samples show. */
    private List<StatusEvent> events(List<ReportTask> tasks, double[] times, Map<String, double[]> statuses) {
        List<StatusEvent> logged = new ArrayList<>(log.events(prefixes));
        if (logged.isEmpty()) {
            return SampledEvents.of(times, statuses, tasks);
        }
        logged.sort(java.util.Comparator.comparingDouble(StatusEvent::time));
        return logged;
    }

    private List<ReportTask> tasks() {
        List<ReportTask> tasks = new ArrayList<>();
        for (FmuInstance m : missions) {
            String prefix = prefixes.get(m.name());
            List<ReportTask> own;
            try {
                own = MissionTasks.of(m.source(), prefix);
            } catch (IOException | RuntimeException e) {
                own = List.of(); // a mission file this bt-fmu cannot read: the tree from the status outputs
            }
            if (own.isEmpty()) {
                own = ReportTasks.fromPaths(statusOutputs(m).stream()
                        .map(v -> prefix + v.name().substring(STATUS.length())).toList());
            }
            int offset = tasks.size();
            for (ReportTask t : own) {
                tasks.add(new ReportTask(t.path(), t.name(), t.type(), t.parent() < 0 ? -1 : t.parent() + offset,
                        t.description(), t.expressions()));
            }
        }
        return tasks;
    }

    private Map<String, double[]> statuses() {
        Map<String, double[]> statuses = new HashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            VariableReference r = columns.get(c);
            if (missions.contains(r.fmu()) && r.variable().name().startsWith(STATUS)
                    && r.variable().type() == VariableType.INTEGER) {
                statuses.put(prefixes.get(r.fmu().name()) + r.variable().name().substring(STATUS.length()),
                        samples.values(samples.columns().get(c)));
            }
        }
        return statuses;
    }

    private static List<FmuVariable> statusOutputs(FmuInstance fmu) {
        return fmu.outputs().stream().filter(v -> v.name().startsWith(STATUS) && v.type() == VariableType.INTEGER)
                .toList();
    }
}
