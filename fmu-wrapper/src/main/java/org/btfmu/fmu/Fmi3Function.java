package org.btfmu.fmu;

/**
 * The FMI 3.0 calling-sequence rules of a bt-fmu instance, as one table: which function may
 * be called in which state ({@link Fmi3State}) and by which interface (FMI 3.0 §2.3 common
 * states, §3.2 Model Exchange, §4.2 Co-Simulation). fmi3GetVersion and fmi3Instantiate* have
 * no instance yet and are answered by the shim; functions of features the FMU does not
 * declare (clocks, configuration mode, derivatives, Scheduled Execution) are refused by name.
 *
 * <p>Cells: {@code x} allowed, {@code .} not allowed, a digit is a condition on the variables
 * that may be set (FMI 2.0's {@link FmiFunction} digits, so the shared checks apply, and one
 * of its own):
 * <ul>
 * <li>2 — initial exact, or an input (Instantiated: start values; FMI 3.0 gives inputs
 * initial = exact, §2.4.7.5, where FMI 2.0's condition 1 leaves them out);</li>
 * <li>3 — initial exact, or an input (Initialization Mode);</li>
 * <li>4 — an input, or a tunable parameter (Event Mode, Step Mode);</li>
 * <li>5 — a continuous (Float64) input (Continuous-Time Mode).</li>
 * </ul>
 * The interface column: {@code B} both, {@code M} Model Exchange only, {@code C}
 * Co-Simulation only. One rule depends on instantiation and is a predicate of the slave, not
 * a cell: fmi3EnterEventMode on a Co-Simulation instance needs {@code eventModeUsed}.
 */
public enum Fmi3Function {
    //                                                                         inst init evnt step cont term fatal
    SET_DEBUG_LOGGING("fmi3SetDebugLogging", 'B',                             "x    x    x    x    x    x    ."),
    FREE_INSTANCE("fmi3FreeInstance", 'B',                                    "x    x    x    x    x    x    x"),
    ENTER_INITIALIZATION_MODE("fmi3EnterInitializationMode", 'B',             "x    .    .    .    .    .    ."),
    EXIT_INITIALIZATION_MODE("fmi3ExitInitializationMode", 'B',               ".    x    .    .    .    .    ."),
    ENTER_EVENT_MODE("fmi3EnterEventMode", 'B',                               ".    .    .    x    x    .    ."),
    TERMINATE("fmi3Terminate", 'B',                                           ".    .    x    x    x    .    ."),
    RESET("fmi3Reset", 'B',                                                   "x    x    x    x    x    x    ."),
    GET_FLOAT64("fmi3GetFloat64", 'B',                                        "x    x    x    x    x    x    ."),
    GET_INT32("fmi3GetInt32", 'B',                                            "x    x    x    x    x    x    ."),
    GET_INT64("fmi3GetInt64", 'B',                                            "x    x    x    x    x    x    ."),
    GET_BOOLEAN("fmi3GetBoolean", 'B',                                        "x    x    x    x    x    x    ."),
    GET_STRING("fmi3GetString", 'B',                                          "x    x    x    x    x    x    ."),
    GET_OTHER("fmi3Get{VariableType}", 'B',                                   "x    x    x    x    x    x    ."),
    SET_FLOAT64("fmi3SetFloat64", 'B',                                        "2    3    4    4    5    .    ."),
    SET_INT32("fmi3SetInt32", 'B',                                            "2    3    4    4    5    .    ."),
    SET_INT64("fmi3SetInt64", 'B',                                            "2    3    4    4    5    .    ."),
    SET_BOOLEAN("fmi3SetBoolean", 'B',                                        "2    3    4    4    5    .    ."),
    SET_STRING("fmi3SetString", 'B',                                          "2    3    4    4    5    .    ."),
    SET_OTHER("fmi3Set{VariableType}", 'B',                                   "2    3    4    4    5    .    ."),
    GET_FMU_STATE("fmi3GetFMUState", 'B',                                     "x    x    x    x    x    x    ."),
    SET_FMU_STATE("fmi3SetFMUState", 'B',                                     "x    x    x    x    x    x    ."),
    FREE_FMU_STATE("fmi3FreeFMUState", 'B',                                   "x    x    x    x    x    x    ."),
    SERIALIZED_FMU_STATE_SIZE("fmi3SerializedFMUStateSize", 'B',              "x    x    x    x    x    x    ."),
    SERIALIZE_FMU_STATE("fmi3SerializeFMUState", 'B',                         "x    x    x    x    x    x    ."),
    DESERIALIZE_FMU_STATE("fmi3DeserializeFMUState", 'B',                     "x    x    x    x    x    x    ."),
    EVALUATE_DISCRETE_STATES("fmi3EvaluateDiscreteStates", 'B',               ".    .    x    .    .    .    ."),
    UPDATE_DISCRETE_STATES("fmi3UpdateDiscreteStates", 'B',                   ".    .    x    .    .    .    ."),
    ENTER_CONTINUOUS_TIME_MODE("fmi3EnterContinuousTimeMode", 'M',            ".    .    x    .    .    .    ."),
    COMPLETED_INTEGRATOR_STEP("fmi3CompletedIntegratorStep", 'M',             ".    .    .    .    x    .    ."),
    SET_TIME("fmi3SetTime", 'M',                                              ".    .    .    .    x    .    ."),
    SET_CONTINUOUS_STATES("fmi3SetContinuousStates", 'M',                     ".    .    .    .    x    .    ."),
    GET_CONTINUOUS_STATE_DERIVATIVES("fmi3GetContinuousStateDerivatives", 'M', ".    x    x    .    x    x    ."),
    GET_EVENT_INDICATORS("fmi3GetEventIndicators", 'M',                       ".    x    x    .    x    x    ."),
    GET_CONTINUOUS_STATES("fmi3GetContinuousStates", 'M',                     ".    x    x    .    x    x    ."),
    GET_NOMINALS_OF_CONTINUOUS_STATES("fmi3GetNominalsOfContinuousStates", 'M', ".    x    x    .    x    x    ."),
    GET_NUMBER_OF_EVENT_INDICATORS("fmi3GetNumberOfEventIndicators", 'M',     "x    x    x    .    x    x    ."),
    GET_NUMBER_OF_CONTINUOUS_STATES("fmi3GetNumberOfContinuousStates", 'M',   "x    x    x    .    x    x    ."),
    ENTER_STEP_MODE("fmi3EnterStepMode", 'C',                                 ".    .    x    .    .    .    ."),
    DO_STEP("fmi3DoStep", 'C',                                                ".    .    .    x    .    .    .");

    private final String fmiName;
    private final char interfaces;
    private final char[] cells;

    Fmi3Function(String fmiName, char interfaces, String row) {
        this.fmiName = fmiName;
        this.interfaces = interfaces;
        this.cells = row.replace(" ", "").toCharArray();
        if (cells.length != Fmi3State.values().length) {
            throw new IllegalStateException(fmiName + ": " + cells.length + " cells");
        }
    }

    /** The C function name, for messages. */
    public String fmiName() {
        return fmiName;
    }

    /** The table cell: {@code 'x'}, {@code '.'} or a condition digit. */
    public char cell(Fmi3State state) {
        return cells[state.ordinal()];
    }

    /** Whether the function may be called in the state at all (conditions hold for some variable). */
    public boolean allowedIn(Fmi3State state) {
        return cell(state) != '.';
    }

    /** Whether an instance of the interface (Model Exchange or Co-Simulation) has this function. */
    public boolean belongsTo(boolean modelExchange) {
        return interfaces == 'B' || interfaces == (modelExchange ? 'M' : 'C');
    }

    /** The function with this C name, or null. */
    public static Fmi3Function byName(String fmiName) {
        for (Fmi3Function function : values()) {
            if (function.fmiName.equals(fmiName)) {
                return function;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return fmiName;
    }
}
