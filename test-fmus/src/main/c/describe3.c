/*
 * Writes a model's FMI 3.0 modelDescription.xml (Co-Simulation with Event Mode and early
 * return, and Model Exchange when the model gives its derivatives) to stdout from the same
 * variable table the FMU is built from (model.h). Linked with one model at build time.
 *
 * Value references: those of FMI 2.0 (the table's indexes, then der(<state k>) at
 * variable_count + k), then the independent variable time, then one local Float64
 * eventIndicator[k] per event indicator (FMI 3.0 names a variable for each).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static const char *TYPE_NAMES[] = {"Float64", "Int32", "Boolean", "String", "Enumeration"};
static const char *CAUSALITY_NAMES[] = {"parameter", "input", "output"};

static int model_exchange(void) { return MODEL.derivatives != NULL; }
static size_t state_count(void) { return model_exchange() ? MODEL.continuous_state_count : 0; }
static size_t time_reference(void) { return MODEL.variable_count + state_count(); }

static void print_escaped(const char *text) {
    for (; *text; text++) {
        switch (*text) {
        case '&': fputs("&amp;", stdout); break;
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        default: putchar(*text);
        }
    }
}

static int is_continuous_state(size_t k) {
    for (size_t i = 0; i < state_count(); i++)
        if (strcmp(MODEL.continuous_states[i], MODEL.variables[k].name) == 0) return 1;
    return 0;
}

/* The knowns of FMI 3.0 section 2.4.8 the plants name: inputs, continuous states and time at
 * communication points and events; inputs, parameters (initial="exact") and time in
 * Initialization Mode. (Parameters are fixed after initialization, so they are no knowns then.) */
static int is_known(size_t k, int initial) {
    Causality c = MODEL.variables[k].causality;
    return c == CAUSALITY_INPUT || (initial ? c == CAUSALITY_PARAMETER : is_continuous_state(k));
}

static int compare(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* <element valueReference=".." dependencies=".." dependenciesKind=".."/> for the unknown of this
 * value reference and table name; a missing entry or a name that is no known ends the build. */
static void print_unknown(const char *element, size_t reference, const char *unknown, int initial) {
    const Dependency *d = NULL;
    for (size_t k = 0; k < MODEL.dependency_count; k++)
        if (strcmp(MODEL.dependencies[k].output, unknown) == 0) d = &MODEL.dependencies[k];
    if (d == NULL) {
        fprintf(stderr, "%s: %s has no entry in the dependency table\n", MODEL.identifier, unknown);
        exit(1);
    }
    char names[1024];
    snprintf(names, sizeof names, "%s", initial ? d->initial_depends : d->depends);
    size_t references[64];
    size_t count = 0;
    for (char *name = strtok(names, " "); name != NULL; name = strtok(NULL, " ")) {
        size_t k = 0;
        while (k < MODEL.variable_count && strcmp(MODEL.variables[k].name, name) != 0) k++;
        int time = strcmp(name, "time") == 0;
        if (count == 64 || (!time && (k == MODEL.variable_count || !is_known(k, initial)))) {
            fprintf(stderr, "%s: dependency '%s' of %s is not %s\n", MODEL.identifier, name, unknown,
                    initial ? "time, an input or a parameter" : "time, an input or a continuous state");
            exit(1);
        }
        references[count++] = time ? time_reference() : k;
    }
    qsort(references, count, sizeof references[0], compare);
    size_t unique = 0;
    for (size_t k = 0; k < count; k++)
        if (unique == 0 || references[unique - 1] != references[k]) references[unique++] = references[k];
    printf("    <%s valueReference=\"%zu\" dependencies=\"", element, reference);
    for (size_t k = 0; k < unique; k++) printf(k ? " %zu" : "%zu", references[k]);
    putchar('"');
    if (unique > 0) {
        printf(" dependenciesKind=\"");
        for (size_t k = 0; k < unique; k++) printf(k ? " dependent" : "dependent");
        putchar('"');
    }
    printf("/>\n");
}

static void print_derivative(const char *element, size_t k, int initial) {
    char name[256];
    snprintf(name, sizeof name, "der(%s)", MODEL.continuous_states[k]);
    print_unknown(element, MODEL.variable_count + k, name, initial);
}

/* The table index of a continuous state; a name that is no continuous Real output ends the build. */
static size_t state_index(const char *name) {
    for (size_t i = 0; i < MODEL.variable_count; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        if (strcmp(v->name, name) == 0 && v->type == TYPE_REAL && v->causality == CAUSALITY_OUTPUT && !v->discrete)
            return i;
    }
    fprintf(stderr, "%s: continuous state %s is not a continuous Real output of the table\n", MODEL.identifier, name);
    exit(1);
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
        printf("  <ModelExchange modelIdentifier=\"%s\" needsCompletedIntegratorStep=\"false\"/>\n",
               MODEL.identifier);
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
    for (size_t k = 0; k < state_count(); k++)
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
    for (size_t k = 0; k < state_count(); k++) print_derivative("ContinuousStateDerivative", k, 0);
    for (size_t i = 0; i < MODEL.variable_count; i++)
        if (MODEL.variables[i].causality == CAUSALITY_OUTPUT)
            print_unknown("InitialUnknown", i, MODEL.variables[i].name, 1);
    for (size_t k = 0; k < state_count(); k++) print_derivative("InitialUnknown", k, 1);
    /* No dependencies: FMI 3.0 calls those of event indicators debugging information only. */
    for (size_t k = 0; k < indicators; k++) printf("    <EventIndicator valueReference=\"%zu\"/>\n", time_reference() + 1 + k);
    printf("  </ModelStructure>\n");
    printf("</fmiModelDescription>\n");
    return 0;
}

/* Models with String variables call this from their equations, which describe3 never runs. */
void slave_copy_string(void *state, char **field, const char *value) {
    (void)state;
    (void)field;
    (void)value;
}
