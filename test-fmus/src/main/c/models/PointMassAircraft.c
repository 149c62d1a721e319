/*
 * A point-mass aircraft with its autopilot (2013 paper, section 6).
 *
 * Autopilot modes (input `mode`):
 *   0  hold: keep heading; vertical mode altitude hold
 *   1  take-off climb: keep heading; vertical mode climb at climb_rate_max, without any limit
 *   2  fly to (target_x, target_y)
 *   3  fly to the current waypoint of the internal list
 * Modes 2 and 3 steer laterally only and keep the vertical mode, as the 2013
 * autopilot did: after a take-off the aircraft keeps climbing (Fig. 9) unless
 * mode 0 or a new target_altitude engages altitude hold (what the take-off's exit
 * hook commands; it may set the new target in the same instant as the next mode).
 * Altitude hold tracks target_altitude with a proportional law limited to
 * climb_rate_max; heading turns towards the bearing of the target at most
 * turn_rate_max; speed follows target_speed (a value <= 0 keeps the current speed).
 *
 * Waypoints wp1..wp4 (1-based waypoint_index). The counters advance_request and
 * reset_request move the pointer once per increment; advance_ack/reset_ack count
 * the requests handled, so a mission sees that its request arrived
 * (done = advance_ack == advance_request). An advance at the last waypoint does
 * not move the pointer and sets advance_failed until the next successful advance
 * or reset. A counter that goes down (a restarted mission) is taken as the new
 * baseline without moving the pointer.
 *
 * distance_to_target is the horizontal distance to (target_x, target_y) in mode 2
 * and to the current waypoint otherwise; target_reached = distance < reach_radius.
 * x points east, y north, heading in degrees clockwise from north.
 */
#include <math.h>

#include "model.h"

#define WAYPOINTS 4

typedef struct {
    /* parameters */
    double reach_radius, climb_rate_max, turn_rate_max;
    double x0, y0, altitude0, speed0, heading0;
    double wp1_x, wp1_y, wp2_x, wp2_y, wp3_x, wp3_y, wp4_x, wp4_y;
    /* inputs */
    int mode;
    double target_x, target_y, target_altitude, target_speed;
    int advance_request, reset_request;
    /* outputs */
    double x, y, altitude, speed, heading, climb_rate;
    int waypoint_index, waypoint_count, advance_ack, reset_ack;
    int at_last_waypoint, advance_failed, target_reached;
    double distance_to_target;
    /* internal */
    int climbing;                 /* the latched vertical mode: 1 climb, 0 altitude hold */
    double last_target_altitude;  /* to see a new altitude command */
} Aircraft;

#define A Aircraft
static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(A, reach_radius, 100.0, "m", "a target counts as reached within this horizontal distance"),
    REAL_PARAMETER(A, climb_rate_max, 5.0, "m/s", "largest climb or sink rate"),
    REAL_PARAMETER(A, turn_rate_max, 6.0, "deg/s", "largest turn rate"),
    REAL_PARAMETER(A, x0, 0.0, "m", "initial position east"),
    REAL_PARAMETER(A, y0, 0.0, "m", "initial position north"),
    REAL_PARAMETER(A, altitude0, 0.0, "m", "initial altitude"),
    REAL_PARAMETER(A, speed0, 25.0, "m/s", "initial airspeed"),
    REAL_PARAMETER(A, heading0, 0.0, "deg", "initial heading, clockwise from north"),
    REAL_PARAMETER(A, wp1_x, 0.0, "m", "waypoint 1 east"),
    REAL_PARAMETER(A, wp1_y, 1000.0, "m", "waypoint 1 north"),
    REAL_PARAMETER(A, wp2_x, 1000.0, "m", "waypoint 2 east"),
    REAL_PARAMETER(A, wp2_y, 1000.0, "m", "waypoint 2 north"),
    REAL_PARAMETER(A, wp3_x, 1000.0, "m", "waypoint 3 east"),
    REAL_PARAMETER(A, wp3_y, 0.0, "m", "waypoint 3 north"),
    REAL_PARAMETER(A, wp4_x, 0.0, "m", "waypoint 4 east"),
    REAL_PARAMETER(A, wp4_y, 0.0, "m", "waypoint 4 north"),
    INTEGER_INPUT(A, mode, 0, "0 hold, 1 take-off climb, 2 fly to target_x/target_y, 3 fly to the current waypoint"),
    REAL_INPUT(A, target_x, 0.0, "m", "target position east (mode 2)"),
    REAL_INPUT(A, target_y, 0.0, "m", "target position north (mode 2)"),
    REAL_INPUT(A, target_altitude, 0.0, "m", "altitude held in modes 0, 2 and 3"),
    REAL_INPUT(A, target_speed, 0.0, "m/s", "commanded airspeed; <= 0 keeps the current speed"),
    INTEGER_INPUT(A, advance_request, 0, "counter: each increment advances the waypoint pointer"),
    INTEGER_INPUT(A, reset_request, 0, "counter: each increment resets the pointer to waypoint 1"),
    REAL_OUTPUT(A, x, "m", "position east"),
    REAL_OUTPUT(A, y, "m", "position north"),
    REAL_OUTPUT(A, altitude, "m", "altitude"),
    REAL_OUTPUT(A, speed, "m/s", "airspeed"),
    REAL_OUTPUT(A, heading, "deg", "heading, clockwise from north, in [0, 360)"),
    REAL_OUTPUT(A, climb_rate, "m/s", "rate of climb"),
    INTEGER_OUTPUT(A, waypoint_index, "current waypoint, 1-based"),
    INTEGER_OUTPUT(A, waypoint_count, "number of waypoints"),
    INTEGER_OUTPUT(A, advance_ack, "advance requests handled"),
    INTEGER_OUTPUT(A, reset_ack, "reset requests handled"),
    BOOLEAN_OUTPUT(A, at_last_waypoint, "the pointer is at the last waypoint"),
    BOOLEAN_OUTPUT(A, advance_failed, "the last advance request could not move the pointer"),
    BOOLEAN_OUTPUT(A, target_reached, "distance_to_target < reach_radius"),
    REAL_OUTPUT(A, distance_to_target, "m", "horizontal distance to the target of the current mode"),
};
#undef A

static void waypoint(const Aircraft *m, int index, double *x, double *y) {
    const double xs[WAYPOINTS] = {m->wp1_x, m->wp2_x, m->wp3_x, m->wp4_x};
    const double ys[WAYPOINTS] = {m->wp1_y, m->wp2_y, m->wp3_y, m->wp4_y};
    *x = xs[index - 1];
    *y = ys[index - 1];
}

static void target(const Aircraft *m, double *x, double *y) {
    if (m->mode == 2) {
        *x = m->target_x;
        *y = m->target_y;
    } else {
        waypoint(m, m->waypoint_index, x, y);
    }
}

static double wrap180(double angle) {
    double a = fmod(angle + 180.0, 360.0);
    if (a < 0) a += 360.0;
    return a - 180.0;
}

static double clamp(double v, double limit) { return v > limit ? limit : (v < -limit ? -limit : v); }

static int vertical_climbing(const Aircraft *m);

static double climb_command(const Aircraft *m) {
    double rate = vertical_climbing(m) ? m->climb_rate_max : clamp(0.2 * (m->target_altitude - m->altitude), m->climb_rate_max);
    return m->altitude <= 0.0 && rate < 0.0 ? 0.0 : rate;
}

static void initialize(void *state, double time) {
    (void)time;
    Aircraft *m = state;
    m->x = m->x0;
    m->y = m->y0;
    m->altitude = m->altitude0;
    m->speed = m->speed0;
    m->heading = fmod(fmod(m->heading0, 360.0) + 360.0, 360.0);
    m->waypoint_index = 1;
    m->waypoint_count = WAYPOINTS;
    m->advance_failed = 0;
    m->advance_ack = m->advance_request; /* the counters' values at start are the baseline */
    m->reset_ack = m->reset_request;
    m->climbing = m->mode == 1;
    m->last_target_altitude = m->target_altitude;
}

/* The vertical mode from the inputs of this communication point: modes 0 and 1 set
 * it, a new altitude command engages hold, modes 2 and 3 keep it. */
static int vertical_climbing(const Aircraft *m) {
    if (m->mode == 1) return 1;
    if (m->mode == 0 || m->target_altitude != m->last_target_altitude) return 0;
    return m->climbing;
}

/* Latched once per communication point: inputs arrive in several fmi2Set calls. */
static void communication_point(void *state, double time) {
    (void)time;
    Aircraft *m = state;
    m->climbing = vertical_climbing(m);
    m->last_target_altitude = m->target_altitude;
}

/* The pointer reacts to the counters as soon as they are set (idempotent). */
static void handle_requests(Aircraft *m) {
    if (m->reset_request < m->reset_ack) m->reset_ack = m->reset_request;
    while (m->reset_ack < m->reset_request) {
        m->waypoint_index = 1;
        m->advance_failed = 0;
        m->reset_ack++;
    }
    if (m->advance_request < m->advance_ack) m->advance_ack = m->advance_request;
    while (m->advance_ack < m->advance_request) {
        if (m->waypoint_index < WAYPOINTS) {
            m->waypoint_index++;
            m->advance_failed = 0;
        } else {
            m->advance_failed = 1;
        }
        m->advance_ack++;
    }
}

static void calculate(void *state, double time) {
    (void)time;
    Aircraft *m = state;
    handle_requests(m);
    m->at_last_waypoint = m->waypoint_index == WAYPOINTS;
    double tx, ty;
    target(m, &tx, &ty);
    m->distance_to_target = hypot(tx - m->x, ty - m->y);
    m->target_reached = m->distance_to_target < m->reach_radius;
    m->climb_rate = climb_command(m);
}

static void step(void *state, double time, double h) {
    (void)time;
    Aircraft *m = state;
    if (m->mode == 2 || m->mode == 3) {
        double tx, ty;
        target(m, &tx, &ty);
        double bearing = atan2(tx - m->x, ty - m->y) * 180.0 / M_PI;
        double turn = clamp(wrap180(bearing - m->heading), m->turn_rate_max);
        m->heading = fmod(m->heading + turn * h + 360.0, 360.0);
    }
    if (m->target_speed > 0.0) m->speed += clamp((m->target_speed - m->speed) / 5.0, 2.0) * h;
    m->altitude += climb_command(m) * h;
    if (m->altitude < 0.0) m->altitude = 0.0;
    double psi = m->heading * M_PI / 180.0;
    m->x += m->speed * sin(psi) * h;
    m->y += m->speed * cos(psi) * h;
}

/* ---- Model Exchange: the same equations as step(), as derivatives --------------------- */

static const char *const STATES[] = {"x", "y", "altitude", "speed", "heading"};

static void derivatives(void *state, double time, double dx[]) {
    (void)time;
    Aircraft *m = state;
    double turn = 0.0;
    if (m->mode == 2 || m->mode == 3) {
        double tx, ty;
        target(m, &tx, &ty);
        double bearing = atan2(tx - m->x, ty - m->y) * 180.0 / M_PI;
        turn = clamp(wrap180(bearing - m->heading), m->turn_rate_max);
    }
    double psi = m->heading * M_PI / 180.0;
    dx[0] = m->speed * sin(psi);
    dx[1] = m->speed * cos(psi);
    dx[2] = climb_command(m);
    dx[3] = m->target_speed > 0.0 ? clamp((m->target_speed - m->speed) / 5.0, 2.0) : 0.0;
    dx[4] = turn;
}

/* Where target_reached switches. (In Model Exchange the heading is a continuous state and is
 * not wrapped into [0, 360): wrapping it would need events at 0 and 360 that a master sees as
 * an indicator resting on zero whenever the aircraft flies north.) */
static void event_indicators(void *state, double time, double z[]) {
    (void)time;
    Aircraft *m = state;
    double tx, ty;
    target(m, &tx, &ty);
    z[0] = hypot(tx - m->x, ty - m->y) - m->reach_radius;
}

/* At an event: the altitude not below the ground (a descent's last step may overshoot it). */
static int event(void *state, double time) {
    (void)time;
    Aircraft *m = state;
    int changed = m->altitude < 0.0;
    if (changed) m->altitude = 0.0;
    return changed;
}

/* From calculate() (run whenever an input is set) and, in Initialization Mode, initialize():
 * positions, speed and heading are states; the request counters are handled at once. The
 * derivatives are those of derivatives(): the target (mode 2's input or the current waypoint,
 * which the counters move) steers the heading. */
#define REQUESTS "advance_request reset_request"
#define TARGET "mode target_x target_y " REQUESTS
#define INITIAL_TARGET "mode target_x target_y x0 y0 wp1_x wp1_y"
static const Dependency DEPENDENCIES[] = {
    {"x", "x", "x0"},
    {"y", "y", "y0"},
    {"altitude", "altitude", "altitude0"},
    {"speed", "speed", "speed0"},
    {"heading", "heading", "heading0"},
    {"climb_rate", "mode target_altitude altitude", "mode target_altitude altitude0 climb_rate_max"},
    {"waypoint_index", REQUESTS, ""},
    {"waypoint_count", "", ""},
    {"advance_ack", "advance_request", "advance_request"},
    {"reset_ack", "reset_request", "reset_request"},
    {"at_last_waypoint", REQUESTS, ""},
    {"advance_failed", REQUESTS, ""},
    {"target_reached", TARGET " x y", INITIAL_TARGET " reach_radius"},
    {"distance_to_target", TARGET " x y", INITIAL_TARGET},
    {"der(x)", "speed heading", "speed0 heading0"},
    {"der(y)", "speed heading", "speed0 heading0"},
    {"der(altitude)", "mode target_altitude altitude", "mode target_altitude altitude0 climb_rate_max"},
    {"der(speed)", "target_speed speed", "target_speed speed0"},
    {"der(heading)", TARGET " x y heading", INITIAL_TARGET " heading0 turn_rate_max"},
};

const ModelDefinition MODEL = {
    .identifier = "PointMassAircraft",
    .description = "Point-mass aircraft with autopilot modes and a waypoint list (Kloeckner 2013, section 6)",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Aircraft),
    .internal_step = 0.05,
    .default_stop_time = 600.0,
    .initialize = initialize,
    .calculate = calculate,
    .communication_point = communication_point,
    .step = step,
    .continuous_states = STATES,
    .continuous_state_count = sizeof STATES / sizeof STATES[0],
    .derivatives = derivatives,
    .event_indicator_count = 1,
    .event_indicators = event_indicators,
    .event = event,
};
