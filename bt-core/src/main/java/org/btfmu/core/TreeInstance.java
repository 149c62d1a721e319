package org.btfmu.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.btfmu.core.blackboard.SlotReader;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;

/**
 * One running behavior tree: the per-instance run-time state of a shared
 * {@link TreeDefinition}, kept in flat arrays indexed by task and slot index, and the
 * processing that settles it (see the package documentation for the semantics).
 * Not thread-safe; one instance per FMU instance.
 */
public final class TreeInstance implements SlotReader {

    static final Status[] STATUSES = Status.values();
    static final byte ACCEPT = (byte) Status.ACCEPT.ordinal();
    static final byte ACTIVATING = (byte) Status.ACTIVATING.ordinal();
    static final byte RUNNING = (byte) Status.RUNNING.ordinal();
    static final byte FINISHED = (byte) Status.FINISHED.ordinal();
    static final byte ABORTED = (byte) Status.ABORTED.ordinal();
    static final byte DEACTIVATING = (byte) Status.DEACTIVATING.ordinal();

    private static final SlotType[] SLOT_TYPES = SlotType.values();
    private static final int REAL = SlotType.REAL.ordinal();
    private static final int STRING = SlotType.STRING.ordinal();

    /** Default bound on sweeps (event iterations) per instant. */
    public static final int DEFAULT_MAX_ITERATIONS = 1000;

    private final TreeDefinition def;
    /** The definition's slot types, held here: read on every slot read of every evaluation. */
    private final byte[] slotTypes;
    private final SlotComparisons comparisons;
    private final ProcessingMode mode;
    private final boolean ticked;
    private final TaskContext ctx;
    private final TaskContext resetCtx;
    private final TaskContext inputCtx;
    private final boolean[] holdLast;

    // run-time state (snapshotted)
    final byte[] status;
    final boolean[] active;
    final int[] intState;
    final double[] realState;
    final int[] group;
    final double[] realValue;
    final double[] realBase;
    final int[] intValue;
    final int[] intBase;
    final String[] stringValue;
    final String[] stringBase;
    final boolean[] writerActive;
    final int[] slotWinner;
    final boolean[] conflictReported;
    double now;
    boolean started;
    long ticks;
    double tickOrigin;

    // the instant being settled: its writes, and the scalars at its start (undoInstant)
    final UndoJournal undo = new UndoJournal();
    private double instantFrom;
    private boolean instantStarted;
    private long instantTicks;
    private double instantTickOrigin;
    private int instantPending;

    // processing
    private TaskQueue current;
    private TaskQueue next;
    private final WakeQueue wakes;
    private final int[] slotQueue;
    private final boolean[] slotQueued;
    private int slotHead;
    private int slotCount;
    final int[] pending;
    final boolean[] pendingFlag;
    int pendingCount;
    private boolean sweeping;
    private boolean propagating;
    private boolean descending;
    private int position;
    private boolean tickChanged;
    private TreeSet<Integer> recording;
    private String failure;
    private int maxIterations = DEFAULT_MAX_ITERATIONS;
    private long maxEventsPerAdvance = Long.MAX_VALUE;
    private NonFinite nonFinite = NonFinite.ALLOW;
    /** The first comparison that saw a non-finite operand since the last check, or null. */
    private Expression nonFiniteSeen;
    private final boolean[] nonFiniteWarned;
    /** Flags (returns | success << 1) of each task's last evaluation, -1 if unknown. */
    private final byte[] lastFlags;
    /**
     * Per task, how many of its children are active, and how many are non-transient
     * (derived from {@code active} and {@code status}): they let the focus rule skip its
     * passes over the children when nothing is to change.
     */
    private final int[] activeChildren;
    private final int[] busyChildren;

    // observation
    private StatusListener[] listeners = new StatusListener[0];
    private final List<Consumer<String>> warningListeners = new ArrayList<>();
    private long iterations;
    private long evaluations;
    private long activations;
    private long deactivations;
    private long timeEvents;
    private long predicateChecks;
    /** See {@link #changeCount()}. */
    private long changes;

    public TreeInstance(TreeDefinition definition, ProcessingMode mode) {
        this.def = Objects.requireNonNull(definition, "definition");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.ticked = mode.isTicked();
        this.slotTypes = def.slotTypes;
        this.comparisons = def.comparisons;
        int n = def.size();
        int slots = def.blackboard().size();
        status = new byte[n];
        Arrays.fill(status, ACCEPT);
        active = new boolean[n];
        active[0] = true;
        intState = new int[def.intStateSize];
        realState = new double[def.realStateSize];
        group = new int[n];
        realValue = new double[slots];
        realBase = new double[slots];
        intValue = new int[slots];
        intBase = new int[slots];
        stringValue = new String[slots];
        stringBase = new String[slots];
        holdLast = new boolean[slots];
        for (int s = 0; s < slots; s++) {
            Slot slot = def.blackboard().slot(s);
            holdLast[s] = slot.holdLast();
            Object v = slot.defaultValue();
            switch (slot.type()) {
                case REAL -> realBase[s] = (Double) v;
                case INTEGER -> intBase[s] = (Integer) v;
                case BOOLEAN -> intBase[s] = (Boolean) v ? 1 : 0;
                case STRING -> stringBase[s] = (String) v;
            }
        }
        System.arraycopy(realBase, 0, realValue, 0, slots);
        System.arraycopy(intBase, 0, intValue, 0, slots);
        System.arraycopy(stringBase, 0, stringValue, 0, slots);
        writerActive = new boolean[def.writerTask.length];
        slotWinner = new int[slots];
        Arrays.fill(slotWinner, -1);
        conflictReported = new boolean[slots];
        current = new TaskQueue(n);
        next = new TaskQueue(n);
        wakes = new WakeQueue(n);
        slotQueue = new int[slots];
        slotQueued = new boolean[slots];
        pending = new int[slots];
        pendingFlag = new boolean[slots];
        ctx = new TaskContext(this);
        resetCtx = new TaskContext(this);
        inputCtx = new TaskContext(this);
        lastFlags = new byte[n];
        Arrays.fill(lastFlags, (byte) -1);
        nonFiniteWarned = new boolean[n];
        activeChildren = new int[n];
        busyChildren = new int[n];
    }

    public TreeDefinition definition() {
        return def;
    }

    public ProcessingMode mode() {
        return mode;
    }

    /**
     * Bound on event iterations (sweeps) per instant: an instant that needs more is undone
     * and reported as an {@link UnsettledInstantException}.
     */
    public void setMaxIterationsPerInstant(int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("iteration bound must be at least 1, got " + bound);
        }
        maxIterations = bound;
    }

    /**
     * Bound on the time events (ticked: ticks) one {@link #advanceTo} processes before it
     * stops early; unbounded unless set.
     */
    public void setMaxEventsPerAdvance(long bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("event bound must be at least 1, got " + bound);
        }
        maxEventsPerAdvance = bound;
    }

    /**
     * What a NaN or infinity reaching a predicate's result, an output or a local does:
     * {@link NonFinite#ERROR} throws a {@link NonFiniteException} (the instance then needs
     * {@link #restore}), {@link NonFinite#WARN} tells the warning listeners (once per task),
     * {@link NonFinite#ALLOW} (the default here; missions default to error) says nothing.
     */
    public void setNonFinite(NonFinite policy) {
        nonFinite = Objects.requireNonNull(policy, "policy");
    }

    // ------------------------------------------------------------------ time

    /** Settles the first instant at {@code t0}. Call once, after setting the initial inputs. */
    public void start(double t0) {
        checkUsable();
        if (started) {
            throw new IllegalStateException("start: the tree was already started (at or before t=" + now + ")");
        }
        if (!Double.isFinite(t0)) {
            throw new IllegalArgumentException("start: time must be finite, got " + t0);
        }
        beginInstant();
        started = true;
        now = t0;
        tickOrigin = t0;
        ticks = 0;
        for (int i = 0; i < status.length; i++) {
            next.add(i);
        }
        settleNow();
        undo.shrink(); // the first instant wrote every task; later ones write a few entries
    }

    /** Re-settles the current instant after inputs changed. */
    public void settle() {
        checkStarted("settle");
        beginInstant();
        settleNow();
    }

    /**
     * Makes the slots set since the last settle (inputs, tunable parameters) visible in the
     * active output expressions that read them (and, transitively, in the slots those
     * expressions feed), without evaluating any task: statuses change only at the next
     * {@link #settle()} or {@link #advanceTo}, which still treats every slot changed here as
     * changed. This is the direct feedthrough of {@link TreeDefinition#expressionSources}.
     */
    public void propagate() {
        checkUsable();
        propagating = true;
        try {
            int n = pendingCount;
            for (int k = 0; k < n; k++) {
                enqueueWriters(pending[k]);
            }
            drainSlots();
        } finally {
            propagating = false;
            undo.clear(); // no instant: what propagation wrote stays
        }
    }

    /**
     * Processes every time event in (time(), t] at its own time with the inputs held
     * (ticked: every grid point {@code t0 + k·period} in that interval), then the instant t.
     * Returns false, with {@link #time()} at the last completed event, if that would take
     * more than the {@linkplain #setMaxEventsPerAdvance bound} of events: the caller decides
     * whether to go on from there. An instant that does not settle throws an
     * {@link UnsettledInstantException} with the instance at that instant's left limit.
     */
    public boolean advanceTo(double t) {
        checkStarted("advanceTo");
        if (!(t >= now) || Double.isInfinite(t)) {
            throw new IllegalArgumentException("advanceTo(" + t + "): time must be finite and not before the"
                    + " current time " + now);
        }
        long events = 0;
        if (mode.isTicked()) {
            double period = mode.period();
            while (true) {
                double at = tickOrigin + (ticks + 1) * period;
                if (at > t + 1e-9 * period) {
                    break;
                }
                if (events++ == maxEventsPerAdvance) {
                    return false;
                }
                beginInstant();
                ticks++;
                now = Math.max(now, at);
                settleNow();
            }
            now = t;
            return true;
        }
        while (wakes.peekTime() <= t) {
            if (events++ == maxEventsPerAdvance) {
                return false;
            }
            beginInstant();
            now = wakes.peekTime();
            timeEvents++;
            while (!wakes.isEmpty() && wakes.peekTime() == now) {
                int task = wakes.poll();
                undo.record(UndoJournal.WAKE, task, now);
                next.add(task);
            }
            settleNow();
        }
        now = t;
        if (pendingCount > 0) { // inputs set since the last settle; a step without events has nothing to do
            beginInstant();
            settleNow();
        }
        return true;
    }

    public double time() {
        return now;
    }

    public boolean isStarted() {
        return started;
    }

    // ------------------------------------------------------------------ statuses

    public Status status(int taskIndex) {
        return STATUSES[status[taskIndex]];
    }

    /** The active flag the parent gives the task (true for the root). */
    public boolean isActive(int taskIndex) {
        return active[taskIndex];
    }

    /** The earliest time the task asked to be woken at, or +infinity. */
    public double nextTimeEvent() {
        return wakes.peekTime();
    }

    /**
     * The next instant {@link #advanceTo} will process on its own, whatever the inputs do:
     * the earliest wake-up time (Wait, Timeout, entry and exit durations, delayed
     * transitions, held results), or when ticked the next tick; +infinity if none.
     */
    public double nextEventTime() {
        return ticked ? tickOrigin + (ticks + 1) * mode.period() : wakes.peekTime();
    }

    /**
     * Writes the current values of the tree's {@link TreeDefinition#crossingCount()} crossing
     * functions into {@code out}, computed from the slots' current values (inputs set since
     * the last settle included) and the current statuses, without changing anything. Between
     * two settles a status can change only where one of them changes sign, so they are the
     * event indicators of a Model Exchange FMU. A ticked tree samples its inputs at its ticks
     * only: its values are all a constant 1.
     */
    public void crossingValues(double[] out) {
        int count = def.crossingCount();
        if (out.length < count) {
            throw new IllegalArgumentException("crossingValues: room for " + out.length + " of "
                    + count + " values");
        }
        if (ticked || !started) {
            Arrays.fill(out, 0, count, 1.0);
            return;
        }
        for (int i = 0; i < def.crossings.length; i++) {
            Expression[] functions = def.crossings[i];
            if (functions.length == 0) {
                continue;
            }
            inputCtx.bind(i);
            for (int k = 0; k < functions.length; k++) {
                out[def.crossingOffset[i] + k] = def.nodes[i].crossingValue(inputCtx, k, functions[k]);
            }
        }
    }

    // ------------------------------------------------------------------ blackboard access

    public void setReal(int slot, double value) {
        if (slot < 0 || slot >= slotTypes.length || slotTypes[slot] != REAL) {
            type(slot, SlotType.REAL, "setReal"); // throws, naming the problem
        }
        if (Double.doubleToRawLongBits(realBase[slot]) != Double.doubleToRawLongBits(value)) {
            realBase[slot] = value;
            if (slotWinner[slot] < 0) {
                realValue[slot] = value;
                changes++;
                addPending(slot);
            }
        }
    }

    public void setInteger(int slot, int value) {
        type(slot, SlotType.INTEGER, "setInteger");
        setInt(slot, value);
    }

    public void setBoolean(int slot, boolean value) {
        type(slot, SlotType.BOOLEAN, "setBoolean");
        setInt(slot, value ? 1 : 0);
    }

    public void setString(int slot, String value) {
        type(slot, SlotType.STRING, "setString");
        Objects.requireNonNull(value, "value");
        if (!stringBase[slot].equals(value)) {
            stringBase[slot] = value;
            if (slotWinner[slot] < 0) {
                stringValue[slot] = value;
                changes++;
                addPending(slot);
            }
        }
    }

    public double getReal(int slot) {
        type(slot, SlotType.REAL, "getReal");
        return realValue[slot];
    }

    public int getInteger(int slot) {
        type(slot, SlotType.INTEGER, "getInteger");
        return intValue[slot];
    }

    public boolean getBoolean(int slot) {
        type(slot, SlotType.BOOLEAN, "getBoolean");
        return intValue[slot] != 0;
    }

    public String getString(int slot) {
        type(slot, SlotType.STRING, "getString");
        return stringValue[slot];
    }

    @Override
    public double real(int slot) {
        return slotTypes[slot] == REAL ? realValue[slot] : intValue[slot];
    }

    @Override
    public int integer(int slot) {
        return intValue[slot];
    }

    @Override
    public boolean bool(int slot) {
        return intValue[slot] != 0;
    }

    @Override
    public String string(int slot) {
        return stringValue[slot];
    }

    private void setInt(int slot, int value) {
        if (intBase[slot] != value) {
            intBase[slot] = value;
            if (slotWinner[slot] < 0) {
                intValue[slot] = value;
                changes++;
                addPending(slot);
            }
        }
    }

    private void addPending(int slot) {
        if (!pendingFlag[slot]) {
            pendingFlag[slot] = true;
            pending[pendingCount++] = slot;
        }
    }

    private void type(int slot, SlotType expected, String operation) {
        if (slot < 0 || slot >= def.slotTypes.length) {
            throw new IllegalArgumentException(operation + ": no slot with index " + slot + " (the blackboard has "
                    + def.slotTypes.length + ")");
        }
        if (def.slotTypes[slot] != expected.ordinal()) {
            Slot s = def.blackboard().slot(slot);
            throw new IllegalArgumentException(operation + ": slot '" + s.name() + "' is " + s.type() + ", not "
                    + expected);
        }
    }

    // ------------------------------------------------------------------ observation

    public void addStatusListener(StatusListener listener) {
        Objects.requireNonNull(listener, "listener");
        listeners = Arrays.copyOf(listeners, listeners.length + 1);
        listeners[listeners.length - 1] = listener;
    }

    /** Receives warnings such as two tasks writing one slot (each reported once). */
    public void addWarningListener(Consumer<String> listener) {
        warningListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public Counters counters() {
        return new Counters(iterations, evaluations, activations, deactivations, timeEvents, predicateChecks);
    }

    /** {@link Counters#eventIterations()} now, without a record (a caller on a per-step path). */
    public long eventIterations() {
        return iterations;
    }

    /** {@link Counters#taskEvaluations()} now. */
    public long taskEvaluations() {
        return evaluations;
    }

    /** {@link Counters#timeEvents()} now. */
    public long timeEvents() {
        return timeEvents;
    }

    /** {@link Counters#predicateChecks()} now. */
    public long predicateChecks() {
        return predicateChecks;
    }

    /**
     * Grows whenever a slot's value or a task's status may have changed: a value set or
     * computed, a status changed, an instant undone, a state restored. Equal counts at two
     * moments mean equal values and statuses, so a copy of them taken at the first is still
     * exact (a caller that keeps such a copy can skip refreshing it when nothing changed).
     */
    public long changeCount() {
        return changes;
    }

    // ------------------------------------------------------------------ state

    /** An immutable copy of the run-time state. */
    public TreeState snapshot() {
        return TreeState.capture(this);
    }

    /**
     * Replaces the run-time state with {@code state} (taken from an instance of the same
     * definition). Clears a previous {@link EngineException} failure. Listeners and counters
     * are kept.
     */
    public void restore(TreeState state) {
        changes++;
        state.applyTo(this);
        wakes.clear();
        for (int i = 0; i < status.length; i++) {
            double t = state.wake(i);
            if (t != Double.POSITIVE_INFINITY) {
                wakes.set(i, t);
            }
        }
        undo.clear();
        resetProcessing();
    }

    /**
     * After the run-time state was replaced (restore) or taken back (undoInstant): empties
     * the queues and rebuilds what is derived from the state.
     */
    private void resetProcessing() {
        current.clear();
        next.clear();
        Arrays.fill(slotQueued, false);
        Arrays.fill(lastFlags, (byte) -1);
        slotHead = 0;
        slotCount = 0;
        Arrays.fill(pendingFlag, false);
        for (int k = 0; k < pendingCount; k++) {
            pendingFlag[pending[k]] = true;
        }
        failure = null;
        nonFiniteSeen = null;
        Arrays.fill(activeChildren, 0);
        Arrays.fill(busyChildren, 0);
        for (int i = 1; i < status.length; i++) {
            activeChildren[def.parent[i]] += active[i] ? 1 : 0;
            busyChildren[def.parent[i]] += status[i] >= ACTIVATING ? 1 : 0;
        }
    }

    double wakeTime(int task) {
        return wakes.get(task);
    }

    void setWake(int task, double t) {
        wakes.set(task, t);
    }

    // ------------------------------------------------------------------ processing

    private void checkUsable() {
        if (failure != null) {
            throw new IllegalStateException("the tree instance failed earlier and needs restore(): " + failure);
        }
    }

    private void checkStarted(String operation) {
        checkUsable();
        if (!started) {
            throw new IllegalStateException(operation + ": call start(t0) first");
        }
    }

    /**
     * Marks the start of an instant: the writes from here to the next instant can be undone.
     * Costs a few field writes; nothing is copied.
     */
    private void beginInstant() {
        undo.clear();
        instantFrom = now;
        instantStarted = started;
        instantTicks = ticks;
        instantTickOrigin = tickOrigin;
        instantPending = pendingCount;
    }

    /**
     * Takes the instance back to the start of the current instant, at the instant's time (its
     * left limit: its time events and inputs pending again); a start that did not settle
     * leaves the instance not started.
     */
    private void undoInstant() {
        double instant = now;
        changes++;
        undo.undo(this);
        started = instantStarted;
        ticks = instantTicks;
        tickOrigin = instantTickOrigin;
        now = started ? instant : instantFrom;
        pendingCount = instantPending;
        sweeping = false;
        resetProcessing();
    }

    private void settleNow() {
        try {
            settlePending();
        } catch (UnsettledInstantException e) {
            undoInstant();
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // A task or expression failed mid-instant: the state is inconsistent now.
            current.clear();
            next.clear();
            sweeping = false;
            if (failure == null) {
                failure = "at t=" + now + ": " + e;
            }
            throw e;
        }
    }

    private void settlePending() {
        for (int k = 0; k < pendingCount; k++) {
            int s = pending[k];
            pendingFlag[s] = false;
            slotChanged(s);
        }
        pendingCount = 0;
        drainSlots();
        if (mode.isTicked()) {
            tick();
        } else {
            sweepDirty();
        }
    }

    private void sweepDirty() {
        descending = true;
        int sweeps = 0;
        while (!next.isEmpty()) {
            if (++sweeps > maxIterations) {
                diagnose(sweeps);
            }
            iterations++;
            TaskQueue swap = current;
            current = next;
            next = swap;
            current.order(descending);
            sweeping = true;
            while (!current.isEmpty()) {
                position = current.poll();
                evaluate(position);
            }
            sweeping = false;
            descending = !descending;
        }
    }

    private void tick() {
        next.clear();
        descending = true;
        int sweeps = 0;
        int n = status.length;
        do {
            if (++sweeps > maxIterations) {
                diagnose(sweeps);
            }
            iterations++;
            tickChanged = false;
            sweeping = true;
            if (descending) {
                for (int i = n - 1; i >= 0; i--) {
                    position = i;
                    evaluate(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    position = i;
                    evaluate(i);
                }
            }
            sweeping = false;
            descending = !descending;
        } while (tickChanged);
    }

    /** Runs a few more sweeps recording who keeps switching, then reports the instant (undone by settleNow). */
    private void diagnose(int sweeps) {
        recording = new TreeSet<>();
        try {
            for (int extra = 0; extra < 4; extra++) {
                if (mode.isTicked()) {
                    tickChanged = false;
                    sweeping = true;
                    for (int i = status.length - 1; i >= 0; i--) {
                        position = i;
                        evaluate(i);
                    }
                    sweeping = false;
                } else {
                    TaskQueue swap = current;
                    current = next;
                    next = swap;
                    current.order(descending);
                    sweeping = true;
                    while (!current.isEmpty()) {
                        position = current.poll();
                        evaluate(position);
                    }
                    sweeping = false;
                    descending = !descending;
                }
            }
        } catch (RuntimeException e) {
            // the diagnosis is best effort; the report below names what was seen
        }
        List<String> names = new ArrayList<>();
        for (int i : recording) {
            if (names.size() == 20) {
                names.add("...");
                break;
            }
            names.add(def.path(i));
        }
        recording = null;
        throw new UnsettledInstantException(now, sweeps - 1, names);
    }

    private void evaluate(int i) {
        evaluations++;
        TaskNode node = def.nodes[i];
        TaskContext c = ctx;
        c.bind(i);
        if (comparisons.has(i)) {
            c.returns = true;
            c.success = comparisons.holds(i, realValue, this);
        } else {
            node.evaluate(c);
        }
        if (nonFiniteSeen != null) {
            reachedNonFinite(i, nonFiniteSeen, "a predicate compares a non-finite value");
        }
        int flags = (c.returns ? 1 : 0) | (c.success ? 2 : 0);
        if (!ticked) {
            lastFlags[i] = (byte) flags; // for the predicate check of event-driven input changes
        }
        byte prev = status[i];
        byte nx = StatusCycle.TABLE[prev << 4 | (active[i] ? 8 : 0) | flags << 1 | (c.switching ? 1 : 0)];
        if (nx != prev) {
            undo.record(UndoJournal.STATUS, i, prev);
            status[i] = nx;
            changes++;
            if ((nx >= ACTIVATING) != (prev >= ACTIVATING) && i > 0) {
                busyChildren[def.parent[i]] += nx >= ACTIVATING ? 1 : -1;
            }
            boolean wasWriting = writing(prev);
            boolean isWriting = writing(nx);
            if (nx == ACTIVATING && prev == ACCEPT) {
                activations++;
                node.onActivate(c);
            }
            if (wasWriting && !isWriting) {
                updateWriters(i);
            }
            if (nx == DEACTIVATING) {
                deactivations++;
                node.onDeactivate(c);
            }
            if (isWriting && !wasWriting) {
                updateWriters(i);
            }
            if (recording != null) {
                recording.add(i);
            }
            // Re-evaluate only if the cycle can take another step with the same flags: a
            // transient status reached while not activated is final for these inputs
            // (tasks do not tell SUCCESS, FAILURE and ACCEPT apart when computing flags).
            if (nx >= ACTIVATING || (nx == ACCEPT && active[i])) {
                mark(i);
            }
            if (i > 0) {
                mark(def.parent[i]);
            }
            StatusListener[] ls = listeners;
            if (ls.length > 0) {
                String path = def.path(i);
                Status from = STATUSES[prev];
                Status to = STATUSES[nx];
                for (StatusListener l : ls) {
                    l.statusChanged(now, i, path, from, to);
                }
            }
        }
        if (!ticked) {
            double wake = c.wake > now ? c.wake : Double.POSITIVE_INFINITY;
            double was = wakes.set(i, wake);
            if (was != wake) {
                undo.record(UndoJournal.WAKE, i, was);
            }
        }
        if (def.childStart[i + 1] > def.childStart[i]) {
            node.activateChildren(c);
        }
        if (nonFiniteSeen != null) {
            reachedNonFinite(i, nonFiniteSeen, "a predicate compares a non-finite value");
        }
        if (slotCount > 0) {
            drainSlots();
        }
    }

    private static boolean writing(byte s) {
        return s >= ACTIVATING && s != DEACTIVATING;
    }

    /** Marks a task for re-evaluation: later in this sweep if it is still ahead, else in the next one. */
    private void mark(int task) {
        if (ticked) {
            tickChanged = true;
            return;
        }
        if (sweeping && (descending ? task < position : task > position)) {
            current.add(task);
        } else {
            next.add(task);
        }
    }

    void stateChanged(int task) {
        mark(task);
    }

    void setActive(int parentTask, int child, boolean on) {
        if (active[child] != on) {
            undo.record(UndoJournal.ACTIVE, child, !on);
            active[child] = on;
            activeChildren[parentTask] += on ? 1 : -1;
            mark(child);
            mark(parentTask);
        }
    }

    void activateFocus(int task, int focus, boolean returns) {
        byte s = status[task];
        boolean on = s == ACTIVATING || s == RUNNING || s == FINISHED || s == ABORTED;
        boolean mayStart = (s == ACTIVATING || s == RUNNING) && !returns;
        int focusChild = on && focus >= 0 ? def.childIndex[def.childStart[task] + focus] : -1;
        // One pass at most, and none when no child but the focus is active (the usual case).
        if (activeChildren[task] > (focusChild >= 0 && active[focusChild] ? 1 : 0)) {
            for (int k = def.childStart[task], end = def.childStart[task + 1]; k < end; k++) {
                int c = def.childIndex[k];
                if (c != focusChild) {
                    setActive(task, c, false);
                }
            }
        }
        if (focusChild >= 0) {
            byte cs = status[focusChild];
            boolean othersBusy = busyChildren[task] > (cs >= ACTIVATING ? 1 : 0);
            boolean want = writing(cs) || (mayStart && !othersBusy && (cs == ACCEPT || cs == DEACTIVATING));
            setActive(task, focusChild, want);
        }
    }

    void resetRange(int from, int to) {
        int[] r = def.resettables;
        int k = Arrays.binarySearch(r, from);
        if (k < 0) {
            k = -k - 1;
        }
        for (; k < r.length && r[k] < to; k++) {
            resetCtx.bind(r[k]);
            def.nodes[r[k]].onReset(resetCtx);
        }
    }

    void selectOutputs(int task, int g) {
        if (group[task] != g) {
            undo.record(UndoJournal.GROUP, task, group[task]);
            group[task] = g;
            mark(task);
            updateWriters(task);
        }
    }

    // ------------------------------------------------------------------ blackboard writers

    private void updateWriters(int task) {
        boolean on = writing(status[task]);
        int g = group[task];
        for (int w : def.writersOfTask[task]) {
            boolean want = on && def.writerGroup[w] == g;
            if (writerActive[w] != want) {
                undo.record(UndoJournal.WRITER, w, !want);
                writerActive[w] = want;
                recompute(def.writerSlot[w]);
            }
        }
    }

    void assign(int task, Assignment a) {
        int s = a.slot();
        Expression x = a.value();
        switch (SLOT_TYPES[def.slotTypes[s]]) {
            case REAL -> {
                double v = x.type() == SlotType.INTEGER ? x.evalInteger(this) : x.evalReal(this);
                if (!Double.isFinite(v)) {
                    reachedNonFinite(task, x, "the assignment to " + slotDescription(s) + " gives " + v);
                }
                undo.record(UndoJournal.REAL_BASE, s, realBase[s]);
                realBase[s] = v;
            }
            case INTEGER -> setIntBase(s, x.evalInteger(this));
            case BOOLEAN -> setIntBase(s, x.evalBoolean(this) ? 1 : 0);
            case STRING -> {
                String v = Objects.requireNonNull(x.evalString(this), "string value");
                undo.record(UndoJournal.STRING_BASE, s, stringBase[s]);
                stringBase[s] = v;
            }
        }
        if (nonFiniteSeen != null) {
            reachedNonFinite(task, nonFiniteSeen, "the assignment to " + slotDescription(s)
                    + " compares a non-finite value");
        }
        recompute(s);
    }

    private void setIntBase(int s, int v) {
        undo.record(UndoJournal.INT_BASE, s, intBase[s]);
        intBase[s] = v;
    }

    // ------------------------------------------------------------------ non-finite values

    @Override
    public void nonFinite(Expression comparison) {
        if (nonFiniteSeen == null && nonFinite != NonFinite.ALLOW) {
            nonFiniteSeen = comparison;
        }
    }

    /** A non-finite value reached a result of the task: fail or warn as the policy says (the slow path). */
    private void reachedNonFinite(int task, Expression x, String what) {
        nonFiniteSeen = null;
        if (nonFinite == NonFinite.ALLOW || nonFinite == NonFinite.WARN && nonFiniteWarned[task]) {
            return;
        }
        String origin = org.btfmu.core.expr.NonFiniteTrace.explain(x, this,
                slot -> def.blackboard().slot(slot).name());
        String message = "t=" + now + ": task '" + def.path(task) + "': " + what
                + (origin == null ? "" : ": " + origin);
        if (nonFinite == NonFinite.ERROR) {
            throw new NonFiniteException(message, def.path(task));
        }
        nonFiniteWarned[task] = true;
        warn(message + " (nonFinite is \"warn\": the value stands; reported once per task)");
    }

    private String slotDescription(int s) {
        Slot slot = def.blackboard().slot(s);
        return slot.kind().name().toLowerCase(java.util.Locale.ROOT) + " '" + slot.name() + "'";
    }

    /** Sets the visible value of a slot: the first active writer's, else the stored value. */
    private void recompute(int s) {
        int winner = -1;
        int second = -1;
        for (int w : def.writersOfSlot[s]) {
            if (writerActive[w]) {
                if (winner < 0) {
                    winner = w;
                } else {
                    second = w;
                    break;
                }
            }
        }
        if (second >= 0 && !conflictReported[s]) {
            undo.record(UndoJournal.CONFLICT, s, false);
            conflictReported[s] = true;
            warn("slot '" + def.blackboard().slot(s).name() + "' is written by '" + def.path(def.writerTask[winner])
                    + "' and '" + def.path(def.writerTask[second]) + "' at t=" + now + "; the first in depth-first"
                    + " order wins (reported once)");
        }
        int previous = slotWinner[s];
        if (previous != winner) {
            undo.record(UndoJournal.WINNER, s, previous);
            slotWinner[s] = winner;
        }
        boolean capture = winner < 0 && previous >= 0 && holdLast[s];
        byte type = def.slotTypes[s];
        boolean changed;
        if (type == REAL) {
            double v;
            if (winner >= 0) {
                Expression x = def.writerValue[winner];
                v = x.type() == SlotType.INTEGER ? x.evalInteger(this) : x.evalReal(this);
                if (!Double.isFinite(v)) {
                    reachedNonFinite(def.writerTask[winner], x, slotDescription(s) + " = " + v);
                }
            } else {
                if (capture) {
                    undo.record(UndoJournal.REAL_BASE, s, realBase[s]);
                    realBase[s] = realValue[s];
                }
                v = realBase[s];
            }
            changed = Double.doubleToRawLongBits(v) != Double.doubleToRawLongBits(realValue[s]);
            if (changed) {
                undo.record(UndoJournal.REAL_VALUE, s, realValue[s]);
                realValue[s] = v;
            }
        } else if (type == STRING) {
            String v;
            if (winner >= 0) {
                v = Objects.requireNonNull(def.writerValue[winner].evalString(this), "string value");
            } else {
                if (capture) {
                    undo.record(UndoJournal.STRING_BASE, s, stringBase[s]);
                    stringBase[s] = stringValue[s];
                }
                v = stringBase[s];
            }
            changed = !v.equals(stringValue[s]);
            if (changed) {
                undo.record(UndoJournal.STRING_VALUE, s, stringValue[s]);
                stringValue[s] = v;
            }
        } else {
            int v;
            if (winner >= 0) {
                Expression x = def.writerValue[winner];
                v = type == SlotType.BOOLEAN.ordinal() ? (x.evalBoolean(this) ? 1 : 0) : x.evalInteger(this);
            } else {
                if (capture) {
                    setIntBase(s, intValue[s]);
                }
                v = intBase[s];
            }
            changed = v != intValue[s];
            if (changed) {
                undo.record(UndoJournal.INT_VALUE, s, intValue[s]);
                intValue[s] = v;
            }
        }
        if (nonFiniteSeen != null && winner >= 0) {
            reachedNonFinite(def.writerTask[winner], nonFiniteSeen, "the value of " + slotDescription(s)
                    + " compares a non-finite value");
        }
        if (changed) {
            changes++;
            slotChanged(s);
        }
    }

    private void slotChanged(int s) {
        if (propagating) {
            addPending(s); // the tasks reading it see the change at the next settle
            enqueueWriters(s);
            return;
        }
        for (int t : def.tasksReadingSlot[s]) {
            if (!ticked && lastFlags[t] >= 0) {
                int flags = inputFlags(t);
                if (nonFiniteSeen != null) {
                    nonFiniteSeen = null; // the evaluation this forces reports it, for the right task
                    flags = -1;
                }
                if (flags >= 0) {
                    predicateChecks++;
                    if (flags == lastFlags[t]) {
                        continue; // no predicate of the task flipped: nothing to do
                    }
                }
            }
            mark(t);
        }
        enqueueWriters(s);
    }

    /** The flags the task's predicates give now ({@link TaskNode#inputFlags}), changing nothing. */
    private int inputFlags(int task) {
        if (comparisons.has(task)) {
            return comparisons.holds(task, realValue, this) ? 3 : 1;
        }
        inputCtx.bind(task);
        return def.nodes[task].inputFlags(inputCtx);
    }

    /** Queues the slots written by active writers whose expressions read slot s. */
    private void enqueueWriters(int s) {
        for (int w : def.writersReadingSlot[s]) {
            if (writerActive[w]) {
                int target = def.writerSlot[w];
                if (!slotQueued[target]) {
                    slotQueued[target] = true;
                    slotQueue[(slotHead + slotCount++) % slotQueue.length] = target;
                }
            }
        }
    }

    private void drainSlots() {
        long budget = 1000L + 100L * (def.writerTask.length + slotQueue.length);
        while (slotCount > 0) {
            int s = slotQueue[slotHead];
            slotHead = (slotHead + 1) % slotQueue.length;
            slotCount--;
            slotQueued[s] = false;
            if (--budget < 0) {
                List<String> names = new ArrayList<>();
                names.add(def.blackboard().slot(s).name());
                for (int k = 0; k < slotCount && names.size() < 20; k++) {
                    names.add(def.blackboard().slot(slotQueue[(slotHead + k) % slotQueue.length]).name());
                }
                slotCount = 0;
                Arrays.fill(slotQueued, false);
                current.clear();
                next.clear();
                failure = "the outputs writing slots " + names + " depend on each other and never settle at t="
                        + now;
                throw new EngineException(failure, names);
            }
            recompute(s);
        }
    }

    private void warn(String message) {
        for (Consumer<String> l : warningListeners) {
            l.accept(message);
        }
    }
}
