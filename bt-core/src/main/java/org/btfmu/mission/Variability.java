package org.btfmu.mission;

/**
 * When a mission variable may change (FMI 2.0 variability). Parameters are
 * FIXED (the default) or TUNABLE; Real inputs, outputs and locals are
 * CONTINUOUS, all other inputs, outputs and locals DISCRETE.
 */
public enum Variability {
    FIXED,
    TUNABLE,
    DISCRETE,
    CONTINUOUS
}
