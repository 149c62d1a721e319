package org.btfmu.btcpp;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The table of BehaviorTree.CPP's standard nodes and the bt-fmu task each becomes, with the
 * semantic difference the import writes into the task's description. Import and export both
 * read this one table; docs/btcpp.md's table is written from it.
 *
 * @param btcpp     the node's registration ID in BT.CPP 4 (element name in the compact form)
 * @param task      the bt-fmu task type
 * @param children  BT.CPP's child count: "0", "1", "n" or "2-3"
 * @param ports     BT.CPP port name → bt-fmu parameter name (values are converted by the importer)
 * @param fixed     parameters the task always gets (e.g. MemorySequence's resumeAfterFailure)
 * @param note      what differs from BT.CPP, written into the imported task's description
 */
record StandardNode(String btcpp, String task, String children, Map<String, String> ports,
        Map<String, Object> fixed, String note) {

    static final List<StandardNode> ALL = List.of(
            new StandardNode("Sequence", "MemorySequence", "n", Map.of(), Map.of(),
                    "BT.CPP Sequence: a child that succeeded is not re-checked during the run; a failure fails"
                            + " the run and the next run starts at the first child."),
            new StandardNode("SequenceWithMemory", "MemorySequence", "n", Map.of(),
                    Map.of("resumeAfterFailure", true),
                    "BT.CPP SequenceWithMemory: like Sequence, but after a failure (or a halt) the next run"
                            + " resumes at the child that failed."),
            new StandardNode("ReactiveSequence", "Sequence", "n", Map.of(), Map.of(),
                    "BT.CPP ReactiveSequence: every child is re-checked whenever what it reads changes (events,"
                            + " not ticks), also when a later child changes it in the same instant; a child turning"
                            + " FAILURE deactivates the running one."),
            new StandardNode("Fallback", "MemorySelector", "n", Map.of(), Map.of(),
                    "BT.CPP Fallback: a child that failed is not re-checked during the run."),
            new StandardNode("ReactiveFallback", "Selector", "n", Map.of(), Map.of(),
                    "BT.CPP ReactiveFallback: higher-priority children are re-checked whenever what they read"
                            + " changes and take over from a running lower one."),
            new StandardNode("Parallel", "Parallel", "n",
                    Map.of("success_count", "successThreshold", "failure_count", "failureThreshold"), Map.of(),
                    "BT.CPP Parallel: thresholds as counts (-1: all); failure is checked before success, and"
                            + " success that can no longer be reached fails it at once; a child that answers without"
                            + " activation (a condition) is watched all the time, where BT.CPP ticks a completed child"
                            + " no more; decided at once by such children, it answers without being started, so no"
                            + " child is started or halted."),
            new StandardNode("ParallelAll", "ParallelAll", "n", Map.of("max_failures", "maxFailures"), Map.of(),
                    "BT.CPP ParallelAll: returns once every child has a result."),
            new StandardNode("IfThenElse", "IfThenElse", "2-3", Map.of(), Map.of(),
                    "BT.CPP IfThenElse: the condition is checked once per run."),
            new StandardNode("WhileDoElse", "WhileDoElse", "2-3", Map.of(), Map.of(),
                    "BT.CPP WhileDoElse: the condition is watched all the time; a change switches the branch."),
            new StandardNode("Inverter", "Inverter", "1", Map.of(), Map.of(), "BT.CPP Inverter."),
            new StandardNode("ForceSuccess", "ForceSuccess", "1", Map.of(), Map.of(), "BT.CPP ForceSuccess."),
            new StandardNode("ForceFailure", "ForceFailure", "1", Map.of(), Map.of(), "BT.CPP ForceFailure."),
            new StandardNode("RetryUntilSuccessful", "Retry", "1", Map.of("num_attempts", "attempts"), Map.of(),
                    "BT.CPP RetryUntilSuccessful: only a run counts as an attempt; a child that fails without"
                            + " being activated (a condition) is waited for instead of being ticked num_attempts times"
                            + " in one tick."),
            new StandardNode("Repeat", "Loop", "1", Map.of("num_cycles", "count"), Map.of(),
                    "BT.CPP Repeat: an iteration needs the child to be activated and finish; a child that"
                            + " succeeds without activation (a condition) does not spin the loop."),
            new StandardNode("KeepRunningUntilFailure", "Loop", "1", Map.of(), Map.of(),
                    "BT.CPP KeepRunningUntilFailure: a Loop without count; a failing child fails it."),
            new StandardNode("Timeout", "Timeout", "1", Map.of("msec", "duration"), Map.of(),
                    "BT.CPP Timeout: milliseconds of simulation time, a time event (no wall clock, no thread)."),
            new StandardNode("Delay", "Delay", "1", Map.of("delay_msec", "duration"), Map.of(),
                    "BT.CPP Delay: milliseconds of simulation time, a time event."),
            new StandardNode("RunOnce", "RunOnce", "1", Map.of("then_skip", "thenSkip"), Map.of(),
                    "BT.CPP RunOnce: SKIPPED after the first run is reported as SUCCESS."),
            new StandardNode("AlwaysSuccess", "Condition", "0", Map.of(), Map.of("predicate", "true"),
                    "BT.CPP AlwaysSuccess: a condition that holds."),
            new StandardNode("AlwaysFailure", "Condition", "0", Map.of(), Map.of("predicate", "false"),
                    "BT.CPP AlwaysFailure: a condition that fails."),
            new StandardNode("Sleep", "Wait", "0", Map.of("msec", "duration"), Map.of(),
                    "BT.CPP Sleep: milliseconds of simulation time; once elapsed it reports SUCCESS until a"
                            + " reset starts a new run."),
            new StandardNode("Script", "Script", "0", Map.of("code", "code"), Map.of(),
                    "BT.CPP Script: runs on activation and reports SUCCESS until a reset (the end of a run of a"
                            + " non-reactive parent, a loop or retry iteration); a reactive parent does not run it"
                            + " again."),
            new StandardNode("ScriptCondition", "Condition", "0", Map.of("code", "predicate"), Map.of(),
                    "BT.CPP ScriptCondition: re-evaluated whenever a key it reads changes."),
            new StandardNode("SetBlackboard", "Script", "0", Map.of(), Map.of(),
                    "BT.CPP SetBlackboard: a Script with one assignment."));

    /** Older names of BT.CPP 3 for the same nodes. */
    static final Map<String, String> ALIASES = Map.of(
            "SequenceStar", "SequenceWithMemory",
            "RetryUntilSuccesful", "RetryUntilSuccessful");

    /** BT.CPP 3 port names for the same ports. */
    static final Map<String, String> PORT_ALIASES = Map.of(
            "success_threshold", "success_count",
            "failure_threshold", "failure_count");

    static Optional<StandardNode> find(String id) {
        String name = ALIASES.getOrDefault(id, id);
        return ALL.stream().filter(n -> n.btcpp.equals(name)).findFirst();
    }

    /** The BT.CPP category element of a node with this child count: Action, Decorator or Control. */
    static String category(int children) {
        return children == 0 ? "Action" : children == 1 ? "Decorator" : "Control";
    }
}
