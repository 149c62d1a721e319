/*
 * Writes a model's modelDescription.xml (FMI 2.0 Co-Simulation, and Model Exchange
 * when the model gives its derivatives) to stdout from the same variable table the
 * FMU is built from. Linked with one model at build time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static const char *TYPE_NAMES[] = {"Real", "Integer", "Boolean", "String", "Enumeration"};
static const char *CAUSALITY_NAMES[] = {"parameter", "input", "output"};

/* Attribute values in this table are plain ASCII; escape the XML specials anyway. */
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

static void print_start(const ModelVariable *v) {
    if (v->causality == CAUSALITY_OUTPUT) return; /* outputs are calculated: no start value */
    switch (v->type) {
    case TYPE_REAL: printf(" start=\"%.17g\"", v->start); break;
    case TYPE_INTEGER:
    case TYPE_ENUMERATION: printf(" start=\"%d\"", (int)v->start); break;
    case TYPE_BOOLEAN: printf(" start=\"%s\"", v->start != 0 ? "true" : "false"); break;
    case TYPE_STRING:
        fputs(" start=\"", stdout);
        print_escaped(v->start_string != NULL ? v->start_string : "");
        putchar('"');
        break;
    }
}

static int compare_indices(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

static int is_continuous_state(size_t index) {
    for (size_t k = 0; MODEL.derivatives != NULL && k < MODEL.continuous_state_count; k++)
        if (strcmp(MODEL.continuous_states[k], MODEL.variables[index].name) == 0) return 1;
    return 0;
}

/* Whether variable k may be named as a dependency (FMI 2.0 section 2.2.8): in Initialization
 * Mode the inputs and parameters (initial="exact"), otherwise the inputs and continuous states. */
static int is_known(size_t k, int initial) {
    Causality c = MODEL.variables[k].causality;
    return c == CAUSALITY_INPUT || (initial ? c == CAUSALITY_PARAMETER : is_continuous_state(k));
}

/* <Unknown index=".." dependencies=".." dependenciesKind=".."/> for the unknown with this
 * (1-based) index and table name; the names of its dependencies become ascending indices.
 * A missing entry or a name that is no known there ends the build. */
static void print_unknown(size_t index, const char *unknown, int initial) {
    const Dependency *d = NULL;
    for (size_t k = 0; k < MODEL.dependency_count; k++)
        if (strcmp(MODEL.dependencies[k].output, unknown) == 0) d = &MODEL.dependencies[k];
    if (d == NULL) {
        fprintf(stderr, "%s: %s has no entry in the dependency table\n", MODEL.identifier, unknown);
        exit(1);
    }
    char names[1024];
    snprintf(names, sizeof names, "%s", initial ? d->initial_depends : d->depends);
    size_t indices[64];
    size_t count = 0;
    for (char *name = strtok(names, " "); name != NULL; name = strtok(NULL, " ")) {
        if (strcmp(name, "time") == 0) continue; /* FMI 2.0: time is implicit */
        size_t k = 0;
        while (k < MODEL.variable_count && strcmp(MODEL.variables[k].name, name) != 0) k++;
        if (k == MODEL.variable_count || !is_known(k, initial) || count == 64) {
            fprintf(stderr, "%s: dependency '%s' of %s is not %s\n", MODEL.identifier, name, unknown,
                    initial ? "an input or parameter (initial dependencies)" : "an input or continuous state");
            exit(1);
        }
        indices[count++] = k + 1;
    }
    qsort(indices, count, sizeof indices[0], compare_indices);
    size_t unique = 0;
    for (size_t k = 0; k < count; k++)
        if (unique == 0 || indices[unique - 1] != indices[k]) indices[unique++] = indices[k];
    count = unique;
    printf("      <Unknown index=\"%zu\" dependencies=\"", index);
    for (size_t k = 0; k < count; k++) printf(k ? " %zu" : "%zu", indices[k]);
    putchar('"');
    if (count > 0) {
        printf(" dependenciesKind=\"");
        for (size_t k = 0; k < count; k++) printf(k ? " dependent" : "dependent");
        putchar('"');
    }
    printf("/>\n");
}

/* The derivative der(<state k>), local variable number variable_count + k + 1. */
static void print_derivative(size_t k, int initial) {
    char name[256];
    snprintf(name, sizeof name, "der(%s)", MODEL.continuous_states[k]);
    print_unknown(MODEL.variable_count + k + 1, name, initial);
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

/* Every entry of the dependency table names an output or the derivative of a continuous state. */
static void check_table(void) {
    for (size_t e = 0; e < MODEL.dependency_count; e++) {
        const char *unknown = MODEL.dependencies[e].output;
        int found = 0;
        for (size_t i = 0; i < MODEL.variable_count; i++)
            found |= MODEL.variables[i].causality == CAUSALITY_OUTPUT && strcmp(MODEL.variables[i].name, unknown) == 0;
        for (size_t k = 0; MODEL.derivatives != NULL && k < MODEL.continuous_state_count; k++) {
            char name[256];
            snprintf(name, sizeof name, "der(%s)", MODEL.continuous_states[k]);
            found |= strcmp(name, unknown) == 0;
        }
        if (!found) {
            fprintf(stderr, "%s: dependency table entry %s is neither an output nor der(<continuous state>)\n",
                    MODEL.identifier, unknown);
            exit(1);
        }
    }
}

int main(void) {
    check_table();
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    printf("<fmiModelDescription fmiVersion=\"2.0\" modelName=\"%s\" guid=\"%s\"\n", MODEL.identifier, MODEL.guid);
    printf("    description=\"");
    print_escaped(MODEL.description);
    int me = MODEL.derivatives != NULL;
    printf("\"\n    generationTool=\"bt-fmu test-fmus\" variableNamingConvention=\"flat\""
           " numberOfEventIndicators=\"%zu\">\n", me ? MODEL.event_indicator_count : 0);
    if (me)
        printf("  <ModelExchange modelIdentifier=\"%s\" completedIntegratorStepNotNeeded=\"true\"/>\n",
               MODEL.identifier);
    printf("  <CoSimulation modelIdentifier=\"%s\" canHandleVariableCommunicationStepSize=\"true\"/>\n",
           MODEL.identifier);
    printf("  <UnitDefinitions>\n%s  </UnitDefinitions>\n", UNIT_DEFINITIONS);
    if (MODEL.type_definitions != NULL) printf("  <TypeDefinitions>\n%s  </TypeDefinitions>\n", MODEL.type_definitions);
    printf("  <LogCategories>\n");
    for (size_t i = 0; i < LOG_CATEGORY_COUNT; i++)
        printf("    <Category name=\"%s\" description=\"%s\"/>\n", LOG_CATEGORIES[i][0], LOG_CATEGORIES[i][1]);
    printf("  </LogCategories>\n");
    printf("  <DefaultExperiment startTime=\"0\" stopTime=\"%.17g\" stepSize=\"%.17g\"/>\n", MODEL.default_stop_time,
           MODEL.internal_step);
    printf("  <ModelVariables>\n");
    for (size_t i = 0; i < MODEL.variable_count; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        printf("    <!-- index %zu -->\n", i + 1);
        printf("    <ScalarVariable name=\"%s\" valueReference=\"%zu\" causality=\"%s\"", v->name, i,
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
        printf(">\n      <%s", TYPE_NAMES[v->type]);
        if (v->type == TYPE_ENUMERATION) printf(" declaredType=\"%s\"", v->declared_type);
        if (v->type == TYPE_REAL && v->unit != NULL) printf(" unit=\"%s\"", v->unit);
        print_start(v);
        printf("/>\n    </ScalarVariable>\n");
    }
    /* Model Exchange: der(<state>) for each continuous state, after the table. */
    for (size_t k = 0; me && k < MODEL.continuous_state_count; k++) {
        size_t state = state_index(MODEL.continuous_states[k]);
        printf("    <!-- index %zu -->\n", MODEL.variable_count + k + 1);
        printf("    <ScalarVariable name=\"der(%s)\" valueReference=\"%zu\" causality=\"local\""
               " variability=\"continuous\" initial=\"calculated\">\n", MODEL.continuous_states[k],
               MODEL.variable_count + k);
        printf("      <Real derivative=\"%zu\"", state + 1);
        printf("/>\n    </ScalarVariable>\n");
    }
    printf("  </ModelVariables>\n");
    /* Every output, in index order, with the dependencies its equations give. */
    printf("  <ModelStructure>\n    <Outputs>\n");
    for (size_t i = 0; i < MODEL.variable_count; i++)
        if (MODEL.variables[i].causality == CAUSALITY_OUTPUT) print_unknown(i + 1, MODEL.variables[i].name, 0);
    printf("    </Outputs>\n");
    /* Every state derivative, with the inputs and states its equation reads. */
    if (me && MODEL.continuous_state_count > 0) {
        printf("    <Derivatives>\n");
        for (size_t k = 0; k < MODEL.continuous_state_count; k++) print_derivative(k, 0);
        printf("    </Derivatives>\n");
    }
    printf("    <InitialUnknowns>\n");
    for (size_t i = 0; i < MODEL.variable_count; i++)
        if (MODEL.variables[i].causality == CAUSALITY_OUTPUT) print_unknown(i + 1, MODEL.variables[i].name, 1);
    /* The states are outputs (listed above); their derivatives follow the table (FMI 2.0 section 2.2.8, item 3). */
    for (size_t k = 0; me && k < MODEL.continuous_state_count; k++) print_derivative(k, 1);
    printf("    </InitialUnknowns>\n  </ModelStructure>\n");
    printf("</fmiModelDescription>\n");
    return 0;
}

/* Models with String variables call this from their equations, which describe never runs. */
void slave_copy_string(void *state, char **field, const char *value) {
    (void)state;
    (void)field;
    (void)value;
}
