/*
 * For the checker's tests, through Model Exchange: the oscillator dx/dt = v, dv/dt = u - x,
 * whose <Derivatives> are untrue on purpose. der(v) reads the state x but declares only u
 * (an error for `bt-fmu check`), and der(x) declares x, which it does not read (allowed, a
 * superset: a note). Outputs and InitialUnknowns are exact, so Co-Simulation finds nothing.
 */
#include "model.h"

typedef struct {
    double u, x, v;
} Oscillator;

static const ModelVariable VARIABLES[] = {
    REAL_INPUT(Oscillator, u, 0.0, NULL, "force"),
    REAL_OUTPUT(Oscillator, x, NULL, "position, a continuous state"),
    REAL_OUTPUT(Oscillator, v, NULL, "velocity, a continuous state"),
};

static const char *const STATES[] = {"x", "v"};

static void initialize(void *state, double time) {
    (void)time;
    Oscillator *m = state;
    m->x = 1.0;
    m->v = 0.0;
}

static void derivatives(void *state, double time, double dx[]) {
    (void)time;
    Oscillator *m = state;
    dx[0] = m->v;
    dx[1] = m->u - m->x;
}

static void step(void *state, double time, double h) {
    double dx[2];
    derivatives(state, time, dx);
    Oscillator *m = state;
    m->x += h * dx[0];
    m->v += h * dx[1];
}

static const Dependency DEPENDENCIES[] = {
    {"x", "x", ""},
    {"v", "v", ""},
    {"der(x)", "x v", ""}, /* x: more than true on purpose */
    {"der(v)", "u", "u"},  /* x missing: untrue on purpose */
};

const ModelDefinition MODEL = {
    .identifier = "HiddenStateDependency",
    .description = "dx/dt = v, dv/dt = u - x with untrue <Derivatives> (for bt-fmu check's tests)",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Oscillator),
    .internal_step = 0.01,
    .default_stop_time = 10.0,
    .initialize = initialize,
    .step = step,
    .continuous_states = STATES,
    .continuous_state_count = sizeof STATES / sizeof STATES[0],
    .derivatives = derivatives,
};
