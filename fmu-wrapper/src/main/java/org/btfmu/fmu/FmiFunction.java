package org.btfmu.fmu;

/**
 * The FMI 2.0 Co-Simulation calling-sequence rules, as one table: which
 * function may be called in which state (FMI 2.0.5 §4.2.4, transcribed row by
 * row). {@code fmi2GetTypesPlatform}, {@code fmi2GetVersion} and
 * {@code fmi2Instantiate} have no slave yet and are answered by the shim.
 *
 * <p>Cells: {@code x} allowed, {@code .} not allowed, a digit is the spec's
 * numbered condition on the variable:
 * <ul>
 * <li>1 — variability not constant and initial exact or approx;</li>
 * <li>2 — an output or an initial unknown;</li>
 * <li>3 — variability not constant and initial exact, or an input;</li>
 * <li>6 — an input, or a tunable parameter;</li>
 * <li>7, 8 — always; the values serve debugging.</li>
 * </ul>
 * Conditions 1, 3 and 6 restrict what may be set and are enforced. Condition 2
 * restricts what an importer may rely on, not what it may read, so every
 * variable can be read in Initialization Mode.
 */
public enum FmiFunction {
    //                                                           inst init comp prog fail canc term err fatal
    SET_DEBUG_LOGGING("fmi2SetDebugLogging",                    "x    x    x    x    x    x    x    x   ."),
    FREE_INSTANCE("fmi2FreeInstance",                           "x    x    x    .    x    x    x    x   ."),
    SETUP_EXPERIMENT("fmi2SetupExperiment",                     "x    .    .    .    .    .    .    .   ."),
    ENTER_INITIALIZATION_MODE("fmi2EnterInitializationMode",    "x    .    .    .    .    .    .    .   ."),
    EXIT_INITIALIZATION_MODE("fmi2ExitInitializationMode",      ".    x    .    .    .    .    .    .   ."),
    TERMINATE("fmi2Terminate",                                  ".    .    x    .    x    .    .    .   ."),
    RESET("fmi2Reset",                                          "x    x    x    .    x    x    x    x   ."),
    GET_REAL("fmi2GetReal",                                     ".    2    x    .    8    7    x    7   ."),
    GET_INTEGER("fmi2GetInteger",                               ".    2    x    .    8    7    x    7   ."),
    GET_BOOLEAN("fmi2GetBoolean",                               ".    2    x    .    8    7    x    7   ."),
    GET_STRING("fmi2GetString",                                 ".    2    x    .    8    7    x    7   ."),
    SET_REAL("fmi2SetReal",                                     "1    3    6    .    .    .    .    .   ."),
    SET_INTEGER("fmi2SetInteger",                               "1    3    6    .    .    .    .    .   ."),
    SET_BOOLEAN("fmi2SetBoolean",                               "1    3    6    .    .    .    .    .   ."),
    SET_STRING("fmi2SetString",                                 "1    3    6    .    .    .    .    .   ."),
    GET_FMU_STATE("fmi2GetFMUstate",                            "x    x    x    .    8    7    x    7   ."),
    SET_FMU_STATE("fmi2SetFMUstate",                            "x    x    x    .    x    x    x    x   ."),
    FREE_FMU_STATE("fmi2FreeFMUstate",                          "x    x    x    .    x    x    x    x   ."),
    SERIALIZED_FMU_STATE_SIZE("fmi2SerializedFMUstateSize",     "x    x    x    .    x    x    x    x   ."),
    SERIALIZE_FMU_STATE("fmi2SerializeFMUstate",                "x    x    x    .    x    x    x    x   ."),
    DESERIALIZE_FMU_STATE("fmi2DeSerializeFMUstate",            "x    x    x    .    x    x    x    x   ."),
    GET_DIRECTIONAL_DERIVATIVE("fmi2GetDirectionalDerivative",  ".    x    x    .    8    7    x    7   ."),
    SET_REAL_INPUT_DERIVATIVES("fmi2SetRealInputDerivatives",   "x    x    x    .    .    .    .    .   ."),
    GET_REAL_OUTPUT_DERIVATIVES("fmi2GetRealOutputDerivatives", ".    .    x    .    8    x    x    7   ."),
    DO_STEP("fmi2DoStep",                                       ".    .    x    .    .    .    .    .   ."),
    CANCEL_STEP("fmi2CancelStep",                               ".    .    .    x    .    .    .    .   ."),
    GET_STATUS("fmi2GetStatus",                                 ".    .    x    x    x    .    x    .   ."),
    GET_REAL_STATUS("fmi2GetRealStatus",                        ".    .    x    x    x    .    x    .   ."),
    GET_INTEGER_STATUS("fmi2GetIntegerStatus",                  ".    .    x    x    x    .    x    .   ."),
    GET_BOOLEAN_STATUS("fmi2GetBooleanStatus",                  ".    .    x    x    x    .    x    .   ."),
    GET_STRING_STATUS("fmi2GetStringStatus",                    ".    .    x    x    x    .    x    .   .");

    private final String fmiName;
    private final char[] cells;

    FmiFunction(String fmiName, String row) {
        this.fmiName = fmiName;
        this.cells = row.replace(" ", "").toCharArray();
        if (cells.length != FmiState.values().length) {
            throw new IllegalStateException(fmiName + ": " + cells.length + " cells");
        }
    }

    /** The C function name, for messages. */
    public String fmiName() {
        return fmiName;
    }

    /** The table cell: {@code 'x'}, {@code '.'} or a condition digit. */
    public char cell(FmiState state) {
        return cells[state.ordinal()];
    }

    /** Whether the function may be called in the state at all (conditions hold for some variable). */
    public boolean allowedIn(FmiState state) {
        return cell(state) != '.';
    }

    @Override
    public String toString() {
        return fmiName;
    }
}
