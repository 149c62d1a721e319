package org.btfmu.cosim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * A fixed-step co-simulation master for FMI 2.0 Co-Simulation FMUs.
 *
 * <p>At every communication point all FMUs step from the same time with the inputs
 * of that point (Jacobi); then outputs are copied to connected inputs. An output
 * that an FMU declares to depend on an input at the same instant (direct
 * feedthrough, in its {@code <ModelStructure>}) is copied only after that input
 * has received its value, so one ordered pass settles every value (see
 * {@link ExchangeOrder}); in Initialization Mode the order comes from
 * {@code <InitialUnknowns>}, afterwards from {@code <Outputs>}. An algebraic loop
 * (feedthrough around a cycle of connections) is reported before any FMU is
 * instantiated. The recorded variables are sampled after the exchange, so a row
 * shows the inputs each FMU steps with from that point on.
 *
 * <p>FMI 3.0 FMUs take part alongside FMI 2.0 ones. One that may return early from a step
 * (earlyReturnAllowed) stops the whole coupling at its instant: the others step to it, values
 * are exchanged, Event Mode runs if it asked, and a row is sampled there (see {@link CouplingStep}).
 */
public final class CoSimulation implements AutoCloseable {

    /** An FMU file and the instance name it gets in the co-simulation. */
    public record FmuSpec(String name, Path path) {

        private static final java.util.regex.Pattern NAMED = java.util.regex.Pattern.compile(
                "([A-Za-z_][A-Za-z0-9_-]*)=(.+\\.fmu)");

        /** From {@code <name>=<file.fmu>}, or a plain file named after its file name without .fmu. */
        public static FmuSpec parse(String text) {
            var named = NAMED.matcher(text);
            if (named.matches()) {
                return new FmuSpec(named.group(1), Path.of(named.group(2)));
            }
            Path path = Path.of(text);
            String file = path.getFileName().toString();
            return new FmuSpec(file.endsWith(".fmu") ? file.substring(0, file.length() - 4) : file, path);
        }
    }

    private final List<FmuInstance> fmus;
    private final List<Connection> connections = new ArrayList<>();
    private final List<ConnectionFile.ParameterValue> parameters = new ArrayList<>();
    private InputReplay replay;
    private boolean earlyReturn = true;

    private CoSimulation(List<FmuInstance> fmus) {
        this.fmus = fmus;
    }

    /**
     * Loads every FMU (no instantiation yet), side by side ({@link ParallelLoading}); on an error, that
     * of the first FMU in the given order that failed is thrown and the ones loaded are closed.
     */
    public static CoSimulation load(List<FmuSpec> specs, Consumer<String> log) {
        return load(specs, log, false);
    }

    /**
     * As {@link #load(List, Consumer)}; with {@code modelExchange} every FMU is loaded for
     * Model Exchange, to be run by {@link #runModelExchange}.
     */
    public static CoSimulation load(List<FmuSpec> specs, Consumer<String> log, boolean modelExchange) {
        return load(specs, log, modelExchange, FmuInstance.Binding.fromSystemProperty());
    }

    /** As {@link #load(List, Consumer, boolean)}, every FMU's per-step calls through {@code binding}. */
    public static CoSimulation load(List<FmuSpec> specs, Consumer<String> log, boolean modelExchange,
            FmuInstance.Binding binding) {
        Set<String> names = new HashSet<>();
        for (FmuSpec spec : specs) {
            if (!names.add(spec.name())) {
                throw new CoSimulationException("two FMUs are named '" + spec.name()
                        + "'; name them with --fmu <name>=<file>");
            }
        }
        return new CoSimulation(ParallelLoading.load(specs,
                spec -> FmuInstance.load(spec.name(), spec.path(), log, modelExchange, binding)));
    }

    public List<FmuInstance> fmus() {
        return List.copyOf(fmus);
    }

    /** Adds connections; an input connected twice or an algebraic loop is reported at once. */
    public void connect(List<Connection> wiring) {
        Set<String> inputs = new HashSet<>();
        List<Connection> all = new ArrayList<>(connections);
        for (Connection c : connections) {
            inputs.add(c.to().toString());
        }
        for (Connection c : wiring) {
            if (!inputs.add(c.to().toString())) {
                throw new CoSimulationException("input '" + c.to() + "' is connected twice");
            }
            all.add(c);
        }
        ExchangeOrder.levels(all, ModelStructure.Mode.INITIALIZATION);
        ExchangeOrder.levels(all, ModelStructure.Mode.STEP);
        connections.addAll(wiring);
    }

    /**
     * Whether FMI 3.0 Co-Simulation FMUs are instantiated with Event Mode and early return where
     * they offer them (the default); false: they step as FMI 2.0 FMUs do.
     */
    public void earlyReturn(boolean wanted) {
        earlyReturn = wanted;
    }

    public void set(List<ConnectionFile.ParameterValue> values) {
        parameters.addAll(values);
    }

    /** Replays recorded inputs into the (single) FMU of this co-simulation. */
    public void replay(InputReplay inputs) {
        for (Connection c : connections) {
            if (c.to().fmu() == inputs.fmu() && inputs.inputs().contains(c.to().variable())) {
                throw new CoSimulationException("input '" + c.to() + "' is both connected and replayed");
            }
        }
        this.replay = inputs;
    }

    /** Every output of every FMU, in FMU order then modelDescription order. */
    public List<VariableReference> allOutputs() {
        List<VariableReference> result = new ArrayList<>();
        for (FmuInstance fmu : fmus) {
            fmu.outputs().forEach(v -> result.add(new VariableReference(fmu, v)));
        }
        return result;
    }

    /**
     * Column names: the variable names exactly as in modelDescription.xml when the
     * co-simulation has one FMU, {@code <instance>.<variable>} when it has several.
     */
    public List<String> columnNames(List<VariableReference> recorded) {
        return recorded.stream().map(r -> fmus.size() == 1 ? r.variable().name() : r.toString()).toList();
    }

    /**
     * What a run did. {@code endedBy}: the FMU that asked to end the simulation early
     * (fmi2DoStep returned fmi2Discard with fmi2Terminated true, fmi3DoStep or
     * fmi3UpdateDiscreteStates terminateSimulation), else null; then {@code stop} is the last
     * communication point sampled. {@code steps} counts every step of the coupling, the
     * {@code earlyReturns} among them ended before the next communication point because an
     * FMI 3.0 FMU returned early; Event Mode ran at {@code events} instants.
     */
    public record Result(double start, double stop, long steps, double wallSeconds, String endedBy,
            long earlyReturns, long events) {}

    /** Early returns at the very instant a step starts, in a row, before the run is declared stuck. */
    private static final int MAX_STANDING_STEPS = 100;

    /**
     * Instantiates and initializes every FMU, then steps from {@code start} to
     * {@code stop} with {@code step} (the last step is shortened to end on stop),
     * sampling {@code recorded} at start and after every step.
     */
    public Result run(double start, double stop, double step, List<VariableReference> recorded,
            List<SampleListener> listeners, DoubleConsumer progress) {
        if (!(step > 0) || !(stop > start) || !Double.isFinite(stop) || !Double.isFinite(start)) {
            throw new CoSimulationException("need start < stop and step > 0 (start " + start + ", stop " + stop
                    + ", step " + step + ")");
        }
        long wallStart = System.nanoTime();
        Exchange initialExchange = new Exchange(fmus, connections, ModelStructure.Mode.INITIALIZATION);
        Exchange exchange = new Exchange(fmus, connections, ModelStructure.Mode.STEP);
        List<String> columns = columnNames(recorded);
        listeners.forEach(l -> l.columns(columns));
        Sampler sampler = new Sampler(recorded);

        for (FmuInstance fmu : fmus) {
            fmu.earlyReturn(earlyReturn);
            fmu.instantiate();
        }
        for (ConnectionFile.ParameterValue p : parameters) {
            p.target().fmu().set(p.target().variable(), p.value());
        }
        for (FmuInstance fmu : fmus) {
            fmu.enterInitialization(start, stop);
        }
        if (replay != null) {
            replay.apply(start);
        }
        initialExchange.run();
        for (FmuInstance fmu : fmus) {
            fmu.exitInitialization();
        }
        exchange.run();
        CouplingStep coupling = new CouplingStep(fmus, exchange);
        boolean terminated = coupling.afterInitialization(start);
        sampler.sample(start, listeners);
        if (terminated) {
            return new Result(start, start, 0, (System.nanoTime() - wallStart) / 1e9, "an FMU in Event Mode", 0, 0);
        }

        long points = (long) Math.ceil((stop - start) / step - 1e-9);
        double time = start;
        long steps = 0;
        int standing = 0; // steps in a row that did not advance time (early returns at their start)
        for (long i = 1; i <= points;) {
            double target = i == points ? stop : start + i * step; // no summed rounding errors
            coupling.advance(time, target);
            double reached = coupling.reached();
            if (coupling.ended() != null) {
                // As fmusim does: the point an FMU completed before it ended the simulation is the last one.
                FmuInstance ended = coupling.ended();
                boolean arrived = Math.abs(ended.time() - reached) <= 1e-9 * Math.max(1, Math.abs(reached));
                if (arrived) {
                    exchange.run();
                    sampler.sample(reached, listeners);
                }
                return new Result(start, arrived ? reached : time, arrived ? steps + 1 : steps,
                        (System.nanoTime() - wallStart) / 1e9, ended.name(), coupling.earlyReturns(),
                        coupling.events());
            }
            // Early returns that do not advance time (or only by rounding), in a row: events that
            // cause each other at one instant (a chattering coupling) would never end.
            standing = reached - time > 1e-9 * Math.max(1, Math.abs(time)) ? 0 : standing + 1;
            if (standing > MAX_STANDING_STEPS) {
                throw new CoSimulationException(MAX_STANDING_STEPS + " steps in a row returned early at t=" + time
                        + " without advancing time by more than 1e-9 s (events that keep causing each other"
                        + " at one instant?)");
            }
            time = reached;
            steps++;
            if (time == target) {
                i++;
            }
            if (replay != null) {
                replay.apply(time);
            }
            exchange.run();
            boolean terminate = coupling.handleEvents(time);
            sampler.sample(time, listeners);
            progress.accept((time - start) / (stop - start));
            if (terminate) {
                return new Result(start, time, steps, (System.nanoTime() - wallStart) / 1e9, "an FMU in Event Mode",
                        coupling.earlyReturns(), coupling.events());
            }
        }
        return new Result(start, stop, steps, (System.nanoTime() - wallStart) / 1e9, null, coupling.earlyReturns(),
                coupling.events());
    }

    /**
     * Runs the FMUs loaded for Model Exchange as one system from {@code start} to {@code stop}:
     * one integrator over all their continuous states, events located where event indicators
     * change sign, time events at the FMUs' nextEventTime; {@code recorded} is sampled every
     * {@code interval} and after every event (see {@link ModelExchangeMaster}).
     */
    public ModelExchangeMaster.Result runModelExchange(double start, double stop, double interval,
            ModelExchangeMaster.Tolerances tolerances, List<VariableReference> recorded,
            List<SampleListener> listeners, DoubleConsumer progress) {
        if (!(interval > 0) || !(stop > start) || !Double.isFinite(stop) || !Double.isFinite(start)) {
            throw new CoSimulationException("need start < stop and an output interval > 0 (start " + start
                    + ", stop " + stop + ", interval " + interval + ")");
        }
        if (replay != null) {
            throw new CoSimulationException("replaying recorded inputs (--inputs) works in Co-Simulation only:"
                    + " in Model Exchange discrete inputs may change only at events");
        }
        List<String> columns = columnNames(recorded);
        listeners.forEach(l -> l.columns(columns));
        for (FmuInstance fmu : fmus) {
            fmu.instantiate();
        }
        for (ConnectionFile.ParameterValue p : parameters) {
            p.target().fmu().set(p.target().variable(), p.value());
        }
        ModelExchangeMaster master = new ModelExchangeMaster(fmus, connections,
                new Exchange(fmus, connections, ModelStructure.Mode.INITIALIZATION),
                new Exchange(fmus, connections, ModelStructure.Mode.STEP), tolerances);
        return master.run(start, stop, interval, new Sampler(recorded), listeners, progress);
    }

    /** Frees every FMU and removes the extracted files, whatever happened before. */
    @Override
    public void close() {
        RuntimeException first = null;
        for (FmuInstance fmu : fmus) {
            try {
                fmu.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
