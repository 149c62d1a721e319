package org.btfmu.core.paper;

/**
 * A small aircraft plant for the paper scenarios: constant ground speed, heading steered
 * towards a target with a bounded turn rate, altitude either climbing at a fixed rate
 * (mode 1) or held at a target altitude (otherwise). Explicit Euler steps.
 */
final class PointMass {

    static final double SPEED = 20; // m/s
    static final double TURN_RATE = 0.1; // rad/s: turn radius 200 m
    static final double CLIMB_RATE = 10; // m/s

    double x;
    double y;
    double heading;
    double altitude;

    PointMass(double x, double y, double heading) {
        this.x = x;
        this.y = y;
        this.heading = heading;
    }

    void steer(double dt, double targetX, double targetY) {
        double desired = Math.atan2(targetY - y, targetX - x);
        double error = Math.IEEEremainder(desired - heading, 2 * Math.PI);
        heading += Math.max(-TURN_RATE * dt, Math.min(TURN_RATE * dt, error));
        x += SPEED * Math.cos(heading) * dt;
        y += SPEED * Math.sin(heading) * dt;
    }

    void climb(double dt, int mode, double targetAltitude) {
        if (mode == 1) {
            altitude += CLIMB_RATE * dt;
        } else {
            double error = targetAltitude - altitude;
            altitude += Math.max(-CLIMB_RATE * dt, Math.min(CLIMB_RATE * dt, error));
        }
    }

    double distanceTo(double px, double py) {
        return Math.hypot(px - x, py - y);
    }
}
