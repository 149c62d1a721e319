/*
 * Every output equals its input, for every FMI 2.0 variable type (Real, Integer,
 * Boolean, String, Enumeration; in FMI 3.0 Float64, Int32, Boolean, String, Enumeration as Int64): proves that a master moves each type unchanged.
 * A non-finite real_in makes the next fmi2DoStep fail (the layer checks outputs),
 * which is how tests provoke an FMU error in the middle of a run.
 */
#include "model.h"

typedef struct {
    double real_in, real_out;
    int integer_in, integer_out;
    int boolean_in, boolean_out;
    char *string_in, *string_out;
    int enumeration_in, enumeration_out;
} Feedthrough;

static const ModelVariable VARIABLES[] = {
    REAL_INPUT(Feedthrough, real_in, 0.0, NULL, "Real input"),
    REAL_OUTPUT(Feedthrough, real_out, NULL, "= real_in"),
    INTEGER_INPUT(Feedthrough, integer_in, 0, "Integer input"),
    INTEGER_OUTPUT(Feedthrough, integer_out, "= integer_in"),
    VARIABLE(Feedthrough, boolean_in, TYPE_BOOLEAN, CAUSALITY_INPUT, 1, 0, NULL, "Boolean input"),
    BOOLEAN_OUTPUT(Feedthrough, boolean_out, "= boolean_in"),
    {.name = "string_in", .type = TYPE_STRING, .causality = CAUSALITY_INPUT, .discrete = 1,
     .offset = offsetof(Feedthrough, string_in), .start_string = "", .description = "String input"},
    {.name = "string_out", .type = TYPE_STRING, .causality = CAUSALITY_OUTPUT, .discrete = 1,
     .offset = offsetof(Feedthrough, string_out), .description = "= string_in"},
    {.name = "enumeration_in", .type = TYPE_ENUMERATION, .causality = CAUSALITY_INPUT, .discrete = 1,
     .offset = offsetof(Feedthrough, enumeration_in), .start = 1, .description = "Enumeration input",
     .declared_type = "Colour"},
    {.name = "enumeration_out", .type = TYPE_ENUMERATION, .causality = CAUSALITY_OUTPUT, .discrete = 1,
     .offset = offsetof(Feedthrough, enumeration_out), .description = "= enumeration_in",
     .declared_type = "Colour"},
};

static void calculate(void *state, double time) {
    (void)time;
    Feedthrough *m = state;
    m->real_out = m->real_in;
    m->integer_out = m->integer_in;
    m->boolean_out = m->boolean_in;
    slave_copy_string(state, &m->string_out, m->string_in);
    m->enumeration_out = m->enumeration_in;
}

static void step(void *state, double time, double h) {
    (void)state;
    (void)time;
    (void)h;
}

static const Dependency DEPENDENCIES[] = {
    {"real_out", "real_in", "real_in"},
    {"integer_out", "integer_in", "integer_in"},
    {"boolean_out", "boolean_in", "boolean_in"},
    {"string_out", "string_in", "string_in"},
    {"enumeration_out", "enumeration_in", "enumeration_in"},
};

const ModelDefinition MODEL = {
    .identifier = "Feedthrough",
    .description = "Outputs equal inputs, one pair per FMI 2.0 variable type",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Feedthrough),
    .internal_step = 1.0,
    .default_stop_time = 10.0,
    .type_definitions = "    <SimpleType name=\"Colour\">\n"
                        "      <Enumeration>\n"
                        "        <Item name=\"red\" value=\"1\"/>\n"
                        "        <Item name=\"green\" value=\"2\"/>\n"
                        "        <Item name=\"blue\" value=\"3\"/>\n"
                        "      </Enumeration>\n"
                        "    </SimpleType>\n",
    .type_definitions3 = "    <EnumerationType name=\"Colour\">\n"
                         "      <Item name=\"red\" value=\"1\"/>\n"
                         "      <Item name=\"green\" value=\"2\"/>\n"
                         "      <Item name=\"blue\" value=\"3\"/>\n"
                         "    </EnumerationType>\n",
    .calculate = calculate,
    .step = step,
};
