/*
 * A test FMU for time events: the Integer output `count` is the number of instants
 * first_step, first_step + period, first_step + 2 period, ... that time has reached.
 * Nothing continuous happens (no continuous state),
 * so the jumps are exactly where a host sees them: FMI 3.0 Co-Simulation ends a step at each
 * instant (with early return when allowed), Model Exchange reports each as nextEventTime,
 * FMI 2.0 Co-Simulation sees a jump at the first communication point at or after it.
 * The defaults (2.5 s, 2.5 s) are binary fractions, so the instants are exact doubles.
 */
#include <math.h>

#include "model.h"

typedef struct {
    double first_step, period;
    int count;
} Staircase;

static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(Staircase, first_step, 2.5, "s", "the first jump"),
    REAL_PARAMETER(Staircase, period, 2.5, "s", "time between jumps (> 0)"),
    INTEGER_OUTPUT(Staircase, count, "jumps so far: instants first_step + k period <= time"),
};

static double period(const Staircase *m) { return m->period > 0.0 ? m->period : 1.0; }

static void calculate(void *state, double time) {
    Staircase *m = state;
    m->count = time < m->first_step ? 0 : (int)floor((time - m->first_step) / period(m)) + 1;
}

static void step(void *state, double time, double h) {
    (void)state;
    (void)time;
    (void)h;
}

static double next_event_time(void *state, double time) {
    Staircase *m = state;
    if (time < m->first_step) return m->first_step;
    double k = floor((time - m->first_step) / period(m)) + 1.0;
    return m->first_step + k * period(m);
}

/* Model Exchange without continuous states: only the time events. */
static void derivatives(void *state, double time, double dx[]) {
    (void)state;
    (void)time;
    (void)dx;
}

static const Dependency DEPENDENCIES[] = {
    {"count", "time", "time first_step period"},
};

const ModelDefinition MODEL = {
    .identifier = "Staircase",
    .description = "Test FMU: an output that jumps at known instants (time events, no clocks)",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Staircase),
    .internal_step = 1.0,
    .default_stop_time = 10.0,
    .calculate = calculate,
    .step = step,
    .derivatives = derivatives,
    .next_event_time = next_event_time,
};
