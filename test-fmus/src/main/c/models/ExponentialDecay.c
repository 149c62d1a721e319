/*
 * dx/dt = -k x, x(0) = x0: the analytic answer x0 exp(-k t) checks the master
 * and the layer's stepping. Integrated with classical Runge-Kutta (4th order)
 * at a fixed 10 ms step, so the result agrees with exp() to about 1e-11.
 */
#include <math.h>

#include "model.h"

typedef struct {
    double k, x0, x;
} Decay;

static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(Decay, k, 1.0, "1/s", "decay rate"),
    REAL_PARAMETER(Decay, x0, 1.0, NULL, "initial value"),
    REAL_OUTPUT(Decay, x, NULL, "x0 exp(-k t)"),
};

static void initialize(void *state, double time) {
    (void)time;
    Decay *m = state;
    m->x = m->x0;
}

static void step(void *state, double time, double h) {
    (void)time;
    Decay *m = state;
    double k1 = -m->k * m->x;
    double k2 = -m->k * (m->x + 0.5 * h * k1);
    double k3 = -m->k * (m->x + 0.5 * h * k2);
    double k4 = -m->k * (m->x + h * k3);
    m->x += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
}

static const Dependency DEPENDENCIES[] = {{"x", "", "x0"}};

const ModelDefinition MODEL = {
    .identifier = "ExponentialDecay",
    .description = "Exponential decay dx/dt = -k x with a known analytic solution",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Decay),
    .internal_step = 0.01,
    .default_stop_time = 10.0,
    .initialize = initialize,
    .step = step,
};
