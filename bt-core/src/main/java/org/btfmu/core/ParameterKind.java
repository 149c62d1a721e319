package org.btfmu.core;

/** The kinds of task parameters a mission file can give (see {@link ParameterSpec}). */
public enum ParameterKind {
    EXPRESSION,
    ASSIGNMENTS,
    REAL,
    INTEGER,
    BOOLEAN,
    STRING,
    STATES,
    TRANSITIONS
}
