/*
 * For the checker's tests: y integrates u (dy/dt = u), so setting u changes y only in
 * the next step, but the model description claims direct feedthrough from u. That is
 * allowed (a superset, FMI 2.0 section 2.2.8) and `bt-fmu check` reports it as a note.
 */
#include "model.h"

typedef struct {
    double u, y;
} Phantom;

static const ModelVariable VARIABLES[] = {
    REAL_INPUT(Phantom, u, 0.0, NULL, "input"),
    REAL_OUTPUT(Phantom, y, NULL, "integral of u, declared as depending on u at once"),
};

static const Dependency DEPENDENCIES[] = {{"y", "u", "u"}}; /* more than true on purpose */

static void step(void *state, double time, double h) {
    (void)time;
    Phantom *m = state;
    m->y += m->u * h;
}

const ModelDefinition MODEL = {
    .identifier = "PhantomDependency",
    .description = "dy/dt = u declared with direct feedthrough from u (for bt-fmu check's tests)",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Phantom),
    .internal_step = 1.0,
    .default_stop_time = 10.0,
    .step = step,
};
