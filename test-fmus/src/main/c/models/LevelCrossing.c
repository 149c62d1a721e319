/*
 * A test FMU for state events: a tank drains, dx/dt = inflow - k x, x(0) = x0, and the
 * Boolean output `low` says x < threshold, with the event indicator x - threshold. With the
 * defaults (x0 = 1, k = 1 /s, threshold = 0.5, no inflow) x = exp(-t), so the crossing is at
 * t = ln 2 = 0.693147... s; an inflow set at the event (Event Mode) changes the course
 * from there: x = inflow/k + (threshold - inflow/k) exp(-k (t - ln 2)).
 * Integrated with classical Runge-Kutta (4th order) at 10 ms: about 1e-11 of the exact value.
 */
#include "model.h"

typedef struct {
    double x0, k, threshold;
    double inflow;
    double x;
    int low;
} Tank;

static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(Tank, x0, 1.0, NULL, "initial level"),
    REAL_PARAMETER(Tank, k, 1.0, "1/s", "drain rate"),
    REAL_PARAMETER(Tank, threshold, 0.5, NULL, "low below this level"),
    REAL_INPUT(Tank, inflow, 0.0, "1/s", "inflow"),
    REAL_OUTPUT(Tank, x, NULL, "level"),
    BOOLEAN_OUTPUT(Tank, low, "x < threshold"),
};

static void initialize(void *state, double time) {
    (void)time;
    Tank *m = state;
    m->x = m->x0;
}

static void calculate(void *state, double time) {
    (void)time;
    Tank *m = state;
    m->low = m->x < m->threshold;
}

static double rate(const Tank *m, double x) { return m->inflow - m->k * x; }

static void step(void *state, double time, double h) {
    (void)time;
    Tank *m = state;
    double k1 = rate(m, m->x);
    double k2 = rate(m, m->x + 0.5 * h * k1);
    double k3 = rate(m, m->x + 0.5 * h * k2);
    double k4 = rate(m, m->x + h * k3);
    m->x += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
}

static const char *const STATES[] = {"x"};

static void derivatives(void *state, double time, double dx[]) {
    (void)time;
    Tank *m = state;
    dx[0] = rate(m, m->x);
}

static void event_indicators(void *state, double time, double z[]) {
    (void)time;
    Tank *m = state;
    z[0] = m->x - m->threshold;
}

static const Dependency DEPENDENCIES[] = {
    {"x", "x", "x0"},
    {"low", "x", "x0 threshold"},
    {"der(x)", "inflow x", "inflow x0 k"},
};

const ModelDefinition MODEL = {
    .identifier = "LevelCrossing",
    .description = "Test FMU: a draining tank whose level crosses a threshold at t = ln 2 (a state event)",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Tank),
    .internal_step = 0.01,
    .default_stop_time = 5.0,
    .initialize = initialize,
    .calculate = calculate,
    .step = step,
    .continuous_states = STATES,
    .continuous_state_count = 1,
    .derivatives = derivatives,
    .event_indicator_count = 1,
    .event_indicators = event_indicators,
};
