package org.btfmu.core.blackboard;

/** The value types of blackboard slots; they map one to one onto FMI 2.0 types. */
public enum SlotType {
    REAL,
    INTEGER,
    BOOLEAN,
    STRING
}
