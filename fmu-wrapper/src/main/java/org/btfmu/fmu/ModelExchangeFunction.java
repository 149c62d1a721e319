package org.btfmu.fmu;

/**
 * The FMI 2.0 Model Exchange calling-sequence rules, as one table: which function may
 * be called in which state (FMI 2.0.5 §3.2.3, transcribed row by row; the Co-Simulation
 * table is {@link FmiFunction}). {@code fmi2GetTypesPlatform}, {@code fmi2GetVersion}
 * and {@code fmi2Instantiate} have no instance yet and are answered by the shim; a
 * function missing here (fmi2DoStep and the other Co-Simulation functions) is not
 * one of Model Exchange.
 *
 * <p>Cells: {@code x} allowed, {@code .} not allowed, a digit is the spec's numbered
 * condition:
 * <ul>
 * <li>1 — variability not constant and initial exact or approx;</li>
 * <li>2 — an output or an initial unknown;</li>
 * <li>3 — variability not constant and initial exact, or an input;</li>
 * <li>4 — an input, or a tunable parameter;</li>
 * <li>5 — a continuous input (or a continuous state: a mission FMU has none);</li>
 * <li>7 — always; the values serve debugging;</li>
 * <li>8 — only for a pure discrete-time FMU (no event indicators, no continuous
 * states), after fmi2NewDiscreteStates returned newDiscreteStatesNeeded = false.</li>
 * </ul>
 * Conditions 1, 3, 4, 5 and 8 are enforced; condition 2 restricts what an importer may
 * rely on, not what it may read.
 */
public enum ModelExchangeFunction {
    //                                                                       inst init evnt cont term err fatal
    SET_DEBUG_LOGGING(FmiFunction.SET_DEBUG_LOGGING,                        "x    x    x    x    x    x   ."),
    FREE_INSTANCE(FmiFunction.FREE_INSTANCE,                                "x    x    x    x    x    x   ."),
    SETUP_EXPERIMENT(FmiFunction.SETUP_EXPERIMENT,                          "x    .    .    .    .    .   ."),
    ENTER_INITIALIZATION_MODE(FmiFunction.ENTER_INITIALIZATION_MODE,        "x    .    .    .    .    .   ."),
    EXIT_INITIALIZATION_MODE(FmiFunction.EXIT_INITIALIZATION_MODE,          ".    x    .    .    .    .   ."),
    TERMINATE(FmiFunction.TERMINATE,                                        ".    .    x    x    .    .   ."),
    RESET(FmiFunction.RESET,                                                "x    x    x    x    x    x   ."),
    GET_REAL(FmiFunction.GET_REAL,                                          ".    2    x    x    x    7   ."),
    GET_INTEGER(FmiFunction.GET_INTEGER,                                    ".    2    x    x    x    7   ."),
    GET_BOOLEAN(FmiFunction.GET_BOOLEAN,                                    ".    2    x    x    x    7   ."),
    GET_STRING(FmiFunction.GET_STRING,                                      ".    2    x    x    x    7   ."),
    SET_REAL(FmiFunction.SET_REAL,                                          "1    3    4    5    .    .   ."),
    SET_INTEGER(FmiFunction.SET_INTEGER,                                    "1    3    4    .    .    .   ."),
    SET_BOOLEAN(FmiFunction.SET_BOOLEAN,                                    "1    3    4    .    .    .   ."),
    SET_STRING(FmiFunction.SET_STRING,                                      "1    3    4    .    .    .   ."),
    GET_FMU_STATE(FmiFunction.GET_FMU_STATE,                                "x    x    x    x    x    7   ."),
    SET_FMU_STATE(FmiFunction.SET_FMU_STATE,                                "x    x    x    x    x    x   ."),
    FREE_FMU_STATE(FmiFunction.FREE_FMU_STATE,                              "x    x    x    x    x    x   ."),
    SERIALIZED_FMU_STATE_SIZE(FmiFunction.SERIALIZED_FMU_STATE_SIZE,        "x    x    x    x    x    x   ."),
    SERIALIZE_FMU_STATE(FmiFunction.SERIALIZE_FMU_STATE,                    "x    x    x    x    x    x   ."),
    DESERIALIZE_FMU_STATE(FmiFunction.DESERIALIZE_FMU_STATE,                "x    x    x    x    x    x   ."),
    GET_DIRECTIONAL_DERIVATIVE(FmiFunction.GET_DIRECTIONAL_DERIVATIVE,      ".    x    x    x    x    7   ."),
    ENTER_EVENT_MODE("fmi2EnterEventMode",                                  ".    .    x    x    .    .   ."),
    NEW_DISCRETE_STATES("fmi2NewDiscreteStates",                            ".    .    x    .    .    .   ."),
    ENTER_CONTINUOUS_TIME_MODE("fmi2EnterContinuousTimeMode",               ".    .    x    .    .    .   ."),
    COMPLETED_INTEGRATOR_STEP("fmi2CompletedIntegratorStep",                ".    .    .    x    .    .   ."),
    SET_TIME("fmi2SetTime",                                                 ".    .    8    x    .    .   ."),
    SET_CONTINUOUS_STATES("fmi2SetContinuousStates",                        ".    .    .    x    .    .   ."),
    GET_EVENT_INDICATORS("fmi2GetEventIndicators",                          ".    x    x    x    x    7   ."),
    GET_CONTINUOUS_STATES("fmi2GetContinuousStates",                        ".    x    x    x    x    7   ."),
    GET_DERIVATIVES("fmi2GetDerivatives",                                   ".    x    x    x    x    7   ."),
    GET_NOMINALS_OF_CONTINUOUS_STATES("fmi2GetNominalsOfContinuousStates",  "x    x    x    x    x    7   .");

    private final String fmiName;
    private final FmiFunction common;
    private final char[] cells;

    ModelExchangeFunction(FmiFunction common, String row) {
        this(common.fmiName(), common, row);
    }

    ModelExchangeFunction(String fmiName, String row) {
        this(fmiName, null, row);
    }

    ModelExchangeFunction(String fmiName, FmiFunction common, String row) {
        this.fmiName = fmiName;
        this.common = common;
        this.cells = row.replace(" ", "").toCharArray();
        if (cells.length != ModelExchangeState.values().length) {
            throw new IllegalStateException(fmiName + ": " + cells.length + " cells");
        }
    }

    /**
     * Per {@link FmiFunction}, its row here or null. Looked up at every call: values() would
     * copy the array each time, which C1 code (the guest JVM's) does in the VM, not inline.
     */
    private static final ModelExchangeFunction[] BY_COMMON = byCommon();

    private static ModelExchangeFunction[] byCommon() {
        ModelExchangeFunction[] rows = new ModelExchangeFunction[FmiFunction.values().length];
        for (ModelExchangeFunction f : values()) {
            if (f.common != null) {
                rows[f.common.ordinal()] = f;
            }
        }
        return rows;
    }

    /** The row of a function both interfaces have, or null if Model Exchange has none (fmi2DoStep…). */
    static ModelExchangeFunction of(FmiFunction common) {
        return BY_COMMON[common.ordinal()];
    }

    /** The C function name, for messages. */
    public String fmiName() {
        return fmiName;
    }

    /** The table cell: {@code 'x'}, {@code '.'} or a condition digit. */
    public char cell(ModelExchangeState state) {
        return cells[state.ordinal()];
    }

    /** Whether the function may be called in the state at all (conditions hold for some variable). */
    public boolean allowedIn(ModelExchangeState state) {
        return cell(state) != '.';
    }

    @Override
    public String toString() {
        return fmiName;
    }
}
