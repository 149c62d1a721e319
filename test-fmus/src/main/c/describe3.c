/*
 * Writes a model's FMI 3.0 modelDescription.xml (Co-Simulation with Event Mode and early
 * return, and Model Exchange when the model gives its derivatives) to stdout from the same
 * variable table the FMU is built from (model.h). Linked with one model at build time.
 *
 * Value references: those of FMI 2.0 (the table's indexes, then der(<state k>) at
 * variable_count + k), then the independent variable time, then one local Float64
 * eventIndicator[k] per event indicator (FMI 3.0 names a variable for each).
 */
#include "description.h"

static const char *TYPE_NAMES[] = {"Float64", "Int32", "Boolean", "String", "Enumeration"};
static const char *CAUSALITY_NAMES[] = {"parameter", "input", "output"};

static int model_exchange(void) { return MODEL.derivatives != NULL; }
static size_t time_reference(void) { return MODEL.variable_count + plant_state_count(); }

/* <element valueReference=".." dependencies=".." dependenciesKind=".."/> for the unknown of this
 * value reference and table name; a missing entry or a name that is no known ends the build. */
static void print_unknown(const char *element, size_t reference, const char *unknown, int initial) {
    size_t found[MAX_DEPENDENCIES];
    size_t count = dependencies(unknown, initial, time_reference(), found);
    printf("    <%s valueReference=\"%zu\"", element, reference);
    print_dependencies(found, count, 0);
    printf("/>\n");
}

static void print_derivative(const char *element, size_t k, int initial) {
    char name[256];
    snprintf(name, sizeof name, "der(%s)", MODEL.continuous_states[k]);
    print_unknown(element, MODEL.variable_count + k, name, initial);
}

static void print_variable(size_t i) {
    const ModelVariable *v = &MODEL.variables[i];
    printf("    <%s name=\"%s\" valueReference=\"%zu\" causality=\"%s\"", TYPE_NAMES[v->type], v->name, i,
           CAUSALITY_NAMES[v->causality]);
    if (v->causality == CAUSALITY_PARAMETER)
        printf(" variability=\"fixed\" initial=\"exact\"");
    else
        printf(" variability=\"%s\"", v->discrete ? "discrete" : "continuous");
    if (v->causality == CAUSALITY_OUTPUT) printf(" initial=\"calculated\"");
    if (v->description != NULL) {
        printf(" description=\"");
        print_escaped(v->description);
        putchar('"');
    }
    if (v->type == TYPE_ENUMERATION) printf(" declaredType=\"%s\"", v->declared_type);
    if (v->type == TYPE_REAL && v->unit != NULL) printf(" unit=\"%s\"", v->unit);
    if (v->causality == CAUSALITY_OUTPUT) { /* calculated: no start value */
        printf("/>\n");
        return;
    }
    switch (v->type) {
    case TYPE_REAL: printf(" start=\"%.17g\"/>\n", v->start); break;
    case TYPE_INTEGER:
    case TYPE_ENUMERATION: printf(" start=\"%d\"/>\n", (int)v->start); break;
    case TYPE_BOOLEAN: printf(" start=\"%s\"/>\n", v->start != 0 ? "true" : "false"); break;
    case TYPE_STRING: /* FMI 3.0: the start value of a String is an element */
        printf("><Start value=\"");
        print_escaped(v->start_string != NULL ? v->start_string : "");
        printf("\"/></String>\n");
        break;
    }
}

int main(void) {
    int me = model_exchange();
    if (MODEL.type_definitions != NULL && MODEL.type_definitions3 == NULL) {
        fprintf(stderr, "%s: type_definitions has no FMI 3.0 counterpart type_definitions3\n", MODEL.identifier);
        return 1;
    }
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    printf("<fmiModelDescription fmiVersion=\"3.0\" modelName=\"%s\" instantiationToken=\"%s\"\n", MODEL.identifier,
           MODEL.guid);
    printf("    description=\"");
    print_escaped(MODEL.description);
    printf("\"\n    generationTool=\"bt-fmu test-fmus\" variableNamingConvention=\"flat\">\n");
    if (me)
        printf("  <ModelExchange modelIdentifier=\"%s\" needsCompletedIntegratorStep=\"%s\"/>\n",
               MODEL.identifier, MODEL.finished != NULL ? "true" : "false");
    /* Early return at the model's own events (time events, crossings of its event indicators). */
    printf("  <CoSimulation modelIdentifier=\"%s\" canHandleVariableCommunicationStepSize=\"true\"\n"
           "      hasEventMode=\"true\" mightReturnEarlyFromDoStep=\"true\" canReturnEarlyAfterIntermediateUpdate=\"false\""
           " providesIntermediateUpdate=\"false\"/>\n",
           MODEL.identifier);
    printf("  <UnitDefinitions>\n%s  </UnitDefinitions>\n", UNIT_DEFINITIONS);
    if (MODEL.type_definitions3 != NULL) printf("  <TypeDefinitions>\n%s  </TypeDefinitions>\n", MODEL.type_definitions3);
    printf("  <LogCategories>\n");
    for (size_t i = 0; i < LOG_CATEGORY_COUNT; i++)
        printf("    <Category name=\"%s\" description=\"%s\"/>\n", LOG_CATEGORIES[i][0], LOG_CATEGORIES[i][1]);
    printf("  </LogCategories>\n");
    printf("  <DefaultExperiment startTime=\"0\" stopTime=\"%.17g\" stepSize=\"%.17g\"/>\n", MODEL.default_stop_time,
           MODEL.internal_step);
    printf("  <ModelVariables>\n");
    printf("    <Float64 name=\"time\" valueReference=\"%zu\" causality=\"independent\" variability=\"continuous\""
           " unit=\"s\" description=\"simulation time\"/>\n", time_reference());
    for (size_t i = 0; i < MODEL.variable_count; i++) print_variable(i);
    for (size_t k = 0; k < plant_state_count(); k++)
        printf("    <Float64 name=\"der(%s)\" valueReference=\"%zu\" causality=\"local\" variability=\"continuous\""
               " initial=\"calculated\" derivative=\"%zu\"/>\n",
               MODEL.continuous_states[k], MODEL.variable_count + k, state_index(MODEL.continuous_states[k]));
    size_t indicators = me ? MODEL.event_indicator_count : 0;
    for (size_t k = 0; k < indicators; k++)
        printf("    <Float64 name=\"eventIndicator[%zu]\" valueReference=\"%zu\" causality=\"local\""
               " variability=\"continuous\" initial=\"calculated\" description=\"a switching function of the model\"/>\n",
               k + 1, time_reference() + 1 + k);
    printf("  </ModelVariables>\n");
    printf("  <ModelStructure>\n");
    for (size_t i = 0; i < MODEL.variable_count; i++)
        if (MODEL.variables[i].causality == CAUSALITY_OUTPUT) print_unknown("Output", i, MODEL.variables[i].name, 0);
    for (size_t k = 0; k < plant_state_count(); k++) print_derivative("ContinuousStateDerivative", k, 0);
    for (size_t i = 0; i < MODEL.variable_count; i++)
        if (MODEL.variables[i].causality == CAUSALITY_OUTPUT)
            print_unknown("InitialUnknown", i, MODEL.variables[i].name, 1);
    for (size_t k = 0; k < plant_state_count(); k++) print_derivative("InitialUnknown", k, 1);
    /* No dependencies: FMI 3.0 calls those of event indicators debugging information only. */
    for (size_t k = 0; k < indicators; k++) printf("    <EventIndicator valueReference=\"%zu\"/>\n", time_reference() + 1 + k);
    printf("  </ModelStructure>\n");
    printf("</fmiModelDescription>\n");
    return 0;
}

