/*
 * What a plant model provides to the generic FMI layers: a table of its variables and its
 * equations, compiled once with the FMI 2.0 layer (slave.c, describe.c) and once with the
 * FMI 3.0 layer (slave3.c, describe3.c): Co-Simulation, and Model Exchange when the model
 * gives its derivatives. The layers do all the FMI plumbing; describe*.c write
 * modelDescription.xml from the same table, so the C code and the XML cannot disagree.
 *
 * Value references are the indexes into the variable table, one sequence for
 * all types together (the same in both FMI versions).
 */
#ifndef BTFMU_MODEL_H
#define BTFMU_MODEL_H

#include <stddef.h>

/* The log categories, {name, description}: declared by describe.c, accepted by
 * fmi2SetDebugLogging. The layer logs errors and stopped steps only; the standard warning
 * category is declared so that importers may switch it on. */
static const char *const LOG_CATEGORIES[][2] = {
    {"logStatusError", "Errors: the function returned fmi2Error (FMI 3.0: fmi3Error)"},
    {"logStatusDiscard", "Steps that stopped early (fmi2Discard), and why"},
    {"logStatusWarning", "Warnings: the function returned a warning (none are issued today)"},
    {"logAll", "Everything else (only with logging on)"},
};
#define LOG_CATEGORY_COUNT (sizeof LOG_CATEGORIES / sizeof LOG_CATEGORIES[0])

/* The units of the plants' variables, the same <UnitDefinitions> in FMI 2.0 and 3.0. */
static const char UNIT_DEFINITIONS[] =
    "    <Unit name=\"s\"><BaseUnit s=\"1\"/></Unit>\n"
    "    <Unit name=\"1/s\"><BaseUnit s=\"-1\"/></Unit>\n"
    "    <Unit name=\"m\"><BaseUnit m=\"1\"/></Unit>\n"
    "    <Unit name=\"m/s\"><BaseUnit m=\"1\" s=\"-1\"/></Unit>\n"
    "    <Unit name=\"deg\"><BaseUnit rad=\"1\" factor=\"0.017453292519943295\"/></Unit>\n"
    "    <Unit name=\"deg/s\"><BaseUnit rad=\"1\" s=\"-1\" factor=\"0.017453292519943295\"/></Unit>\n"
    "    <Unit name=\"W\"><BaseUnit kg=\"1\" m=\"2\" s=\"-3\"/></Unit>\n"
    "    <Unit name=\"J\"><BaseUnit kg=\"1\" m=\"2\" s=\"-2\"/></Unit>\n"
    "    <Unit name=\"kg\"><BaseUnit kg=\"1\"/></Unit>\n"
    "    <Unit name=\"1\"><BaseUnit/></Unit>\n";

typedef enum { TYPE_REAL, TYPE_INTEGER, TYPE_BOOLEAN, TYPE_STRING, TYPE_ENUMERATION } VariableType;

/* Parameters are fixed (set before initialization), inputs are set at
 * communication points, outputs are calculated by the model. */
typedef enum { CAUSALITY_PARAMETER, CAUSALITY_INPUT, CAUSALITY_OUTPUT } Causality;

typedef struct {
    const char *name;
    VariableType type;
    Causality causality;
    int discrete;       /* 1: variability discrete (non-Real inputs/outputs must be) */
    size_t offset;      /* offsetof(the model's state struct, field); double, int or char* */
    double start;       /* start value of parameters and inputs (Real, Integer, Boolean) */
    const char *start_string;
    const char *unit;   /* Real only; NULL for none */
    const char *description;
    const char *declared_type; /* Enumeration only: name of its type in type_definitions */
} ModelVariable;

/* The declared dependencies of one unknown (FMI 2.0 section 2.2.8), read off the model's
 * equations. The unknown is an output or, with Model Exchange, the derivative "der(<state>)".
 * depends: the inputs and continuous states it follows without a step (<Outputs>,
 * <Derivatives>); "time" where the equation reads the time (FMI 2.0 leaves time implicit
 * and drops it, FMI 3.0 names its independent variable);
 * initial_depends: the inputs and parameters it is computed from in Initialization Mode
 * (<InitialUnknowns>). Names separated by spaces, "" for none. */
typedef struct {
    const char *output;
    const char *depends;
    const char *initial_depends;
} Dependency;

typedef struct {
    const char *identifier;      /* modelIdentifier = modelName = name of the .so */
    const char *description;
    const char *guid;            /* from the build: changes whenever the model's sources change */
    const ModelVariable *variables;
    size_t variable_count;
    size_t state_size;           /* sizeof(the model's state struct) */
    double internal_step;        /* fixed integration step; doStep is split into steps of at most this */
    double default_stop_time;
    /* One entry per output and per derivative; describe.c refuses a model that leaves one out. */
    const Dependency *dependencies;
    size_t dependency_count;
    /* Optional <TypeDefinitions> XML fragment (enumerations), for FMI 2.0 and for FMI 3.0. */
    const char *type_definitions;
    const char *type_definitions3;
    /* Called after exitInitializationMode, when parameters and inputs are known. */
    void (*initialize)(void *state, double time);
    /* Outputs from states and inputs, and discrete reactions to inputs (it must be
     * idempotent): called after inputs are set and after every step. */
    void (*calculate)(void *state, double time);
    /* Optional: called at the start of every fmi2DoStep, when all inputs of the
     * communication point are set (they may arrive in several fmi2Set calls). */
    void (*communication_point)(void *state, double time);
    /* Advances the continuous states from time by h (h <= internal_step). */
    void (*step)(void *state, double time, double h);
    /* Model Exchange (optional: without derivatives the FMU offers Co-Simulation only). The
     * continuous states are Real variables of the table, named in continuous_states; each gets a
     * local variable der(<name>) after the table. derivatives() writes their time derivatives
     * from the current states, inputs and time, as step() integrates them. */
    const char *const *continuous_states;
    size_t continuous_state_count;
    void (*derivatives)(void *state, double time, double dx[]);
    /* Switching functions: a discontinuity of derivatives or a change of a discrete output
     * happens only where one changes sign (the layer holds discrete outputs between events). */
    size_t event_indicator_count;
    void (*event_indicators)(void *state, double time, double z[]);
    /* Optional: at an event (fmi2NewDiscreteStates), after communication_point; may put the
     * continuous states back into their range (heading modulo 360); returns 1 if it changed one. */
    int (*event)(void *state, double time);
    /* Optional time events: the first instant strictly after time at which a discrete output
     * changes (INFINITY for none). Model Exchange reports it as nextEventTime; FMI 3.0
     * Co-Simulation ends a sub-step exactly there (and returns early there when allowed). */
    double (*next_event_time)(void *state, double time);
    /* Optional: 1 when the model asks the importer to end the simulation, through
     * terminateSimulation of fmi2CompletedIntegratorStep (FMI 3.0 likewise); a model that has
     * it declares that call needed. */
    int (*finished)(void *state, double time);
} ModelDefinition;

/* Each model source file defines exactly this one object. */
extern const ModelDefinition MODEL;

/* Table entries for the common cases; field f of state struct st. */
#define VARIABLE(st, f, t, c, disc, s, u, d) \
    {.name = #f, .type = t, .causality = c, .discrete = disc, .offset = offsetof(st, f), \
     .start = s, .unit = u, .description = d}
#define REAL_PARAMETER(st, f, s, u, d) VARIABLE(st, f, TYPE_REAL, CAUSALITY_PARAMETER, 0, s, u, d)
#define REAL_INPUT(st, f, s, u, d)     VARIABLE(st, f, TYPE_REAL, CAUSALITY_INPUT, 0, s, u, d)
#define REAL_OUTPUT(st, f, u, d)       VARIABLE(st, f, TYPE_REAL, CAUSALITY_OUTPUT, 0, 0, u, d)
#define INTEGER_PARAMETER(st, f, s, d) VARIABLE(st, f, TYPE_INTEGER, CAUSALITY_PARAMETER, 1, s, NULL, d)
#define INTEGER_INPUT(st, f, s, d)     VARIABLE(st, f, TYPE_INTEGER, CAUSALITY_INPUT, 1, s, NULL, d)
#define INTEGER_OUTPUT(st, f, d)       VARIABLE(st, f, TYPE_INTEGER, CAUSALITY_OUTPUT, 1, 0, NULL, d)
#define BOOLEAN_OUTPUT(st, f, d)       VARIABLE(st, f, TYPE_BOOLEAN, CAUSALITY_OUTPUT, 1, 0, NULL, d)

/* For models with String variables: replaces the string in *field by a copy
 * of value, in memory of the importer (the layer owns every string). */
void slave_copy_string(void *state, char **field, const char *value);

#endif
