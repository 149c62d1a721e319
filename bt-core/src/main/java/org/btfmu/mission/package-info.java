/**
 * Mission files: a behavior-tree mission plan and its FMU interface in JSON,
 * loaded and validated by {@link org.btfmu.mission.MissionLoader} into a
 * {@link org.btfmu.mission.Mission}. The JSON Schema is
 * {@code schema/mission.schema.json}; complete plans are in {@code examples/}.
 *
 * <h2>Top level</h2>
 * {@code name} (required; a C identifier, it names the FMU), {@code description},
 * {@code statusOutputs} (default true: one Integer output {@code status.<task path>}
 * per task), {@code processing} (how the FMU processes the tree: {@code "event-driven"},
 * the default, evaluates only what changed, at every input change and time event;
 * {@code {"mode": "ticked", "period": p}} evaluates every task at the grid points
 * t0 + k·p only, with inputs sampled there; {@code {"mode": "event-driven"}} is
 * also accepted), {@code nonFinite}, {@code maxEventsPerStep} and
 * {@code maxSweepsPerInstant} (the safeguards below),
 * {@code variables}, {@code subtrees}, {@code tree} (required) and
 * {@code $schema} (ignored; lets editors find the schema).
 *
 * <h2>Safeguards</h2>
 * {@code nonFinite}: what happens when an evaluation yields NaN or ±Infinity that
 * reaches a predicate's result, an output or local (a task's output or hook
 * assignment) or a parameter-derived value. {@code "error"} (the default): the
 * engine stops the call with an error naming the task path, the expression with the
 * column of the operation that produced the value, its operand values and the
 * simulation time; in the FMU that call (fmi2DoStep, fmi2ExitInitializationMode, a
 * get after a set in Initialization Mode) returns fmi2Error with that one message.
 * {@code "warn"}: the same message as a warning (logStatusWarning), and the value
 * stands. {@code "allow"}: IEEE 754 behaviour, silently. Values the importer sets
 * (an input of NaN) are not checked where they are set, only where they reach a
 * result. {@code bt-fmu validate} warns up front about divisions, {@code sqrt},
 * {@code log} and {@code atan2} whose operands can reach the bad domain within the
 * variables' declared {@code min}/{@code max}.
 *
 * <p>{@code maxEventsPerStep} (default 100000, at least 1): the number of time
 * events (ticked: ticks) one fmi2DoStep may process. A step that would need more
 * stops at the last completed event and returns fmi2Discard;
 * fmi2GetRealStatus(fmi2LastSuccessfulTime) gives that event's time, the log says
 * why, and the master may repeat the step from a saved state with a smaller size.
 *
 * <p>{@code maxSweepsPerInstant} (default 1000, at least 1, at most 2147483647): the
 * number of event iterations (sweeps) one instant may take; an instant that needs more
 * does not settle (tasks that keep switching each other, e.g. a loop whose iteration ends
 * in the instant it starts). The FMU undoes that instant, so its state is the instant's
 * left limit: every earlier event of the step completed, the outputs as just before
 * the instant. fmi2DoStep then returns fmi2Discard with
 * fmi2GetRealStatus(fmi2LastSuccessfulTime) = the instant's time and a logStatusDiscard
 * message naming the bound and the tasks still switching. Repeating the step (from a
 * saved state) reaches the same instant and is discarded there again: only other inputs,
 * a larger bound or a changed mission get past it. fmi2ExitInitializationMode (the start
 * instant) and Model Exchange's fmi2NewDiscreteStates, which FMI 2.0 does not let
 * return fmi2Discard, return fmi2Error with the same message, the instance left at the
 * instant's left limit (fmi2GetFMUstate, fmi2SetFMUstate and fmi2Reset work).
 *
 * <h2>Variables</h2>
 * An array; each entry is one blackboard slot and one FMU variable, in file
 * order: {@code name} (FMI structured name: identifiers joined by '.'; not a
 * keyword of the expression language; not {@code time}, the first column of
 * every result file; not starting with {@code status.}
 * while status outputs are on), {@code causality} (input, output, parameter,
 * local), {@code type} (Real, Integer, Boolean, String), {@code variability}
 * (parameters only: fixed (default) or tunable), {@code start} (default 0,
 * false or ""), {@code unit} (Real only), {@code description}, {@code min} and
 * {@code max} (Real and Integer only), {@code holdLast} (outputs and locals:
 * keep the last written value when no task writes the slot).
 *
 * <h2>Tasks</h2>
 * {@code {"type": T, "name": N, "description": ..., "children": [...], parameter: value, ...}}.
 * T is any type of the registry (the built-ins, or a custom Java type
 * registered with {@code TaskTypeRegistry.with}); its manifest decides the
 * child count and the parameters, which are written next to type and name:
 * EXPRESSION as a string in the expression language (see
 * {@code org.btfmu.core.expr}) or a JSON number or boolean; ASSIGNMENTS as an
 * object {@code {"variable": "expression"}} (only outputs and locals can be
 * written); REAL, INTEGER, BOOLEAN, STRING as JSON values; STATES as an array
 * of {@code {"name", "entry", "exit", "outputs", "final": "finished"|"aborted"}}
 * (the first state is initial); TRANSITIONS as an array of
 * {@code {"from", "to", "guard" (default true), "delay" (seconds, default 0)}}.
 * Task names are identifiers and differ among siblings, so that task paths
 * (names joined by '/') are unique. The Condition's {@code hysteresis} is
 * the hysteresis helper for threshold conditions: the result is held while
 * the comparison's crossing function lies within [-h, h].
 *
 * <h2>Sub-trees</h2>
 * {@code "subtrees": {"fly_to": {"ports": {"wx": "Real"}, "tree": {task}}}}
 * defines a sub-tree once; {@code {"type": "SubTree", "name": N, "subtree":
 * "fly_to", "arguments": {"wx": "wp1_x"}}} instantiates it, with the port
 * remapping of BehaviorTree.CPP's SubTree: an argument that is a variable's
 * name makes the port an alias of the variable (readable and writable), any
 * other argument is a read-only expression of the caller's names. Inside a
 * sub-tree a name is a port first, then a mission variable. The instance's
 * root task takes the reference's name. Recursion is an error.
 *
 * <h2>Validation</h2>
 * Every problem of a file is collected and reported at once, each with the
 * JSON pointer of the offending element, its line and column, and for
 * expressions the column inside the expression. Limits: 4 MiB per file, 256
 * levels of JSON nesting, 100 levels of tasks, and the expression limits.
 */
package org.btfmu.mission;
