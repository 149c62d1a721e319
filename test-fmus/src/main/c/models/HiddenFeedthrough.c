/*
 * For the checker's tests: y = 2 u at once, but the model description claims that y
 * depends on no input (dependencies=""). `bt-fmu check` must report this as an error
 * in Initialization Mode and in Step Mode.
 */
#include "model.h"

typedef struct {
    double u, y;
} Hidden;

static const ModelVariable VARIABLES[] = {
    REAL_INPUT(Hidden, u, 0.0, NULL, "input"),
    REAL_OUTPUT(Hidden, y, NULL, "= 2 u, declared as independent of u"),
};

static const Dependency DEPENDENCIES[] = {{"y", "", ""}}; /* untrue on purpose */

static void calculate(void *state, double time) {
    (void)time;
    Hidden *m = state;
    m->y = 2 * m->u;
}

static void step(void *state, double time, double h) {
    (void)state;
    (void)time;
    (void)h;
}

const ModelDefinition MODEL = {
    .identifier = "HiddenFeedthrough",
    .description = "y = 2 u with an untrue declaration: no dependency (for bt-fmu check's tests)",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Hidden),
    .internal_step = 1.0,
    .default_stop_time = 10.0,
    .calculate = calculate,
    .step = step,
};
