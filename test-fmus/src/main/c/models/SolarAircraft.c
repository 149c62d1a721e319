/*
 * The solar high-altitude aircraft of the 2014 paper (section 6), reduced to its
 * energy balance over one day:
 *   time_of_day = (time_of_day0 + t) mod 86,400 s
 *   solar_power = solar_peak_power * sin(pi (time_of_day - sunrise) / (sunset - sunrise))
 *                 between sunrise (28,200 s = 07:50) and sunset, else 0
 *   vertical_speed: mode 1 climbs at vertical_speed_max up to altitude_max (13,000 m),
 *                   mode 2 sinks at vertical_speed_max down to altitude_min (6,000 m),
 *                   mode 0 tracks target_altitude (limited to those bounds)
 *   power_demand = avionics_power + max(0, level_power(altitude) + mass g vertical_speed / efficiency),
 *                  level_power linear from level_power_min at altitude_min to level_power_max at altitude_max
 *                  (sinking glides: the motors idle)
 *   battery_power = solar_power - power_demand (positive: charging), 0 while the battery is
 *                   full and charging (surplus solar power is not taken) or empty and discharging
 *   d soc/dt = battery_power / battery_capacity, soc in [0, 1]
 * An empty battery is only a clamp here: missions are expected to keep the charge above zero.
 */
#include <math.h>

#include "model.h"

typedef struct {
    /* parameters */
    double soc0, altitude0, time_of_day0;
    double battery_capacity, solar_peak_power, sunrise, sunset;
    double mass, efficiency, avionics_power, level_power_min, level_power_max;
    double altitude_min, altitude_max, vertical_speed_max;
    /* inputs */
    int mode;
    double target_altitude;
    /* outputs */
    double altitude, soc, solar_power, battery_power, power_demand, time_of_day, vertical_speed;
} Solar;

#define S Solar
static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(S, soc0, 0.6, "1", "initial state of charge"),
    REAL_PARAMETER(S, altitude0, 6000.0, "m", "initial altitude"),
    REAL_PARAMETER(S, time_of_day0, 0.0, "s", "time of day at t = 0"),
    REAL_PARAMETER(S, battery_capacity, 1.44e8, "J", "battery capacity (40 kWh)"),
    REAL_PARAMETER(S, solar_peak_power, 25000.0, "W", "solar power at noon"),
    REAL_PARAMETER(S, sunrise, 28200.0, "s", "sunrise, time of day (07:50)"),
    REAL_PARAMETER(S, sunset, 68400.0, "s", "sunset, time of day (19:00)"),
    REAL_PARAMETER(S, mass, 450.0, "kg", "aircraft mass"),
    REAL_PARAMETER(S, efficiency, 0.7, "1", "propulsion efficiency for climbing"),
    REAL_PARAMETER(S, avionics_power, 200.0, "W", "power always needed"),
    REAL_PARAMETER(S, level_power_min, 2500.0, "W", "power for level flight at altitude_min"),
    REAL_PARAMETER(S, level_power_max, 4000.0, "W", "power for level flight at altitude_max"),
    REAL_PARAMETER(S, altitude_min, 6000.0, "m", "lower altitude limit"),
    REAL_PARAMETER(S, altitude_max, 13000.0, "m", "upper altitude limit"),
    REAL_PARAMETER(S, vertical_speed_max, 1.0, "m/s", "climb and sink rate"),
    INTEGER_INPUT(S, mode, 0, "0 hold target_altitude, 1 climb towards altitude_max, 2 sink towards altitude_min"),
    REAL_INPUT(S, target_altitude, 6000.0, "m", "altitude held in mode 0"),
    REAL_OUTPUT(S, altitude, "m", "altitude"),
    REAL_OUTPUT(S, soc, "1", "battery state of charge, 0..1"),
    REAL_OUTPUT(S, solar_power, "W", "power from the solar cells"),
    REAL_OUTPUT(S, battery_power, "W", "power into the battery (negative: discharging)"),
    REAL_OUTPUT(S, power_demand, "W", "electric power needed by motors and avionics"),
    REAL_OUTPUT(S, time_of_day, "s", "time of day, 0..86,400 s"),
    REAL_OUTPUT(S, vertical_speed, "m/s", "rate of climb"),
};
#undef S

static double clamp(double v, double lo, double hi) { return v < lo ? lo : (v > hi ? hi : v); }

static void initialize(void *state, double time) {
    (void)time;
    Solar *m = state;
    m->altitude = clamp(m->altitude0, m->altitude_min, m->altitude_max);
    m->soc = clamp(m->soc0, 0.0, 1.0);
}

static double vertical_speed(const Solar *m) {
    switch (m->mode) {
    case 1: return m->altitude < m->altitude_max ? m->vertical_speed_max : 0.0;
    case 2: return m->altitude > m->altitude_min ? -m->vertical_speed_max : 0.0;
    default: {
        double target = clamp(m->target_altitude, m->altitude_min, m->altitude_max);
        return clamp(0.01 * (target - m->altitude), -m->vertical_speed_max, m->vertical_speed_max);
    }
    }
}

static void calculate(void *state, double time) {
    Solar *m = state;
    m->time_of_day = fmod(m->time_of_day0 + time, 86400.0);
    if (m->time_of_day < 0) m->time_of_day += 86400.0;
    double day = (m->time_of_day - m->sunrise) / (m->sunset - m->sunrise);
    m->solar_power = day > 0.0 && day < 1.0 ? m->solar_peak_power * sin(M_PI * day) : 0.0;
    m->vertical_speed = vertical_speed(m);
    double fraction = (m->altitude - m->altitude_min) / (m->altitude_max - m->altitude_min);
    double level = m->level_power_min + fraction * (m->level_power_max - m->level_power_min);
    double propulsion = level + m->mass * 9.81 * m->vertical_speed / m->efficiency;
    m->power_demand = m->avionics_power + (propulsion > 0.0 ? propulsion : 0.0);
    m->battery_power = m->solar_power - m->power_demand;
    if ((m->soc >= 1.0 && m->battery_power > 0.0) || (m->soc <= 0.0 && m->battery_power < 0.0)) m->battery_power = 0.0;
}

static void step(void *state, double time, double h) {
    Solar *m = state;
    calculate(m, time); /* explicit Euler from the values at the start of the sub-step */
    m->altitude = clamp(m->altitude + m->vertical_speed * h, m->altitude_min, m->altitude_max);
    m->soc = clamp(m->soc + m->battery_power * h / m->battery_capacity, 0.0, 1.0);
}

/* ---- Model Exchange: the same balance as step(), as derivatives ------------------------ */

static const char *const STATES[] = {"altitude", "soc"};

static void derivatives(void *state, double time, double dx[]) {
    Solar *m = state;
    calculate(m, time);
    dx[0] = m->vertical_speed;
    dx[1] = m->battery_power / m->battery_capacity;
}

/* The altitude and charge limits, where vertical speed and battery power switch. */
static void event_indicators(void *state, double time, double z[]) {
    (void)time;
    Solar *m = state;
    z[0] = m->altitude - m->altitude_max;
    z[1] = m->altitude - m->altitude_min;
    z[2] = m->soc - 1.0;
    z[3] = m->soc;
}

/* At an event: altitude and charge back into their ranges (a located crossing may overshoot). */
static int event(void *state, double time) {
    (void)time;
    Solar *m = state;
    double altitude = clamp(m->altitude, m->altitude_min, m->altitude_max);
    double soc = clamp(m->soc, 0.0, 1.0);
    int changed = altitude != m->altitude || soc != m->soc;
    m->altitude = altitude;
    m->soc = soc;
    return changed;
}

/* From calculate() (run whenever an input is set) and, in Initialization Mode, initialize():
 * altitude and soc are states, the sun follows time alone ("time": FMI 3.0's independent variable); the derivatives are
 * vertical_speed and battery_power / battery_capacity. */
#define ALTITUDE "altitude0 altitude_min altitude_max"
#define SUN "time_of_day0 sunrise sunset solar_peak_power"
#define VERTICAL "mode target_altitude vertical_speed_max " ALTITUDE
#define DEMAND VERTICAL " avionics_power level_power_min level_power_max mass efficiency"
#define BATTERY SUN " " DEMAND " soc0"
static const Dependency DEPENDENCIES[] = {
    {"altitude", "altitude", ALTITUDE},
    {"soc", "soc", "soc0"},
    {"solar_power", "time", "time " SUN},
    {"battery_power", "time mode target_altitude altitude soc", "time " BATTERY},
    {"power_demand", "mode target_altitude altitude", DEMAND},
    {"time_of_day", "time", "time time_of_day0"},
    {"vertical_speed", "mode target_altitude altitude", VERTICAL},
    {"der(altitude)", "mode target_altitude altitude", VERTICAL},
    {"der(soc)", "time mode target_altitude altitude soc", "time " BATTERY " battery_capacity"},
};

const ModelDefinition MODEL = {
    .identifier = "SolarAircraft",
    .description = "Solar high-altitude aircraft: one day of energy balance (Kloeckner 2014, section 6)",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Solar),
    .internal_step = 1.0,
    .default_stop_time = 86400.0,
    .initialize = initialize,
    .calculate = calculate,
    .step = step,
    .continuous_states = STATES,
    .continuous_state_count = sizeof STATES / sizeof STATES[0],
    .derivatives = derivatives,
    .event_indicator_count = 4,
    .event_indicators = event_indicators,
    .event = event,
};
