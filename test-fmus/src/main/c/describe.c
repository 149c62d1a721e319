/*
 * Writes a model's modelDescription.xml (FMI 2.0 Co-Simulation, and Model Exchange
 * when the model gives its derivatives) to stdout from the same variable table the
 * FMU is built from. Linked with one model at build time.
 */
#include "description.h"

static const char *TYPE_NAMES[] = {"Real", "Integer", "Boolean", "String", "Enumeration"};
static const char *CAUSALITY_NAMES[] = {"parameter", "input", "output"};

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

/* <Unknown index=".." dependencies=".." dependenciesKind=".."/> for the unknown with this
 * (1-based) index and table name; the names of its dependencies become ascending indices.
 * A missing entry or a name that is no known there ends the build. */
static void print_unknown(size_t index, const char *unknown, int initial) {
    size_t found[MAX_DEPENDENCIES];
    size_t count = dependencies(unknown, initial, SIZE_MAX, found);
    printf("      <Unknown index=\"%zu\"", index);
    print_dependencies(found, count, 1);
    printf("/>\n");
}

/* The derivative der(<state k>), local variable number variable_count + k + 1. */
static void print_derivative(size_t k, int initial) {
    char name[256];
    snprintf(name, sizeof name, "der(%s)", MODEL.continuous_states[k]);
    print_unknown(MODEL.variable_count + k + 1, name, initial);
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
        printf("  <ModelExchange modelIdentifier=\"%s\" completedIntegratorStepNotNeeded=\"%s\"/>\n",
               MODEL.identifier, MODEL.finished != NULL ? "false" : "true");
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

