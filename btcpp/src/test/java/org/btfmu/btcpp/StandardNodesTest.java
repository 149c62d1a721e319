package org.btfmu.btcpp;

import static org.btfmu.core.Status.ABORTED;
import static org.btfmu.core.Status.ACCEPT;
import static org.btfmu.core.Status.FAILURE;
import static org.btfmu.core.Status.FINISHED;
import static org.btfmu.core.Status.RUNNING;
import static org.btfmu.core.Status.SUCCESS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.btfmu.core.ProcessingMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each BehaviorTree.CPP standard node imported and run, in both processing modes, with the
 * status sequence BT.CPP's documentation gives it. Custom leaves use the default handshake:
 * actions A, B, C answer through {@link Run#answer} (2 SUCCESS, 3 FAILURE), conditions Ok, Ok2
 * through their {@code .value} input. In bt-fmu terms BT.CPP's RUNNING is RUNNING, a result
 * of an activated task is FINISHED/ABORTED (SUCCESS/FAILURE when it answered without
 * activation), and IDLE after a halt is ACCEPT.
 */
class StandardNodesTest {

    private static final int OK = Handshake.SUCCESS;
    private static final int FAIL = Handshake.FAILURE;

    @TempDir
    Path dir;

    static ProcessingMode[] modes() {
        return Run.modes();
    }

    /** A main tree "Main" around {@code body}, with the custom leaves declared. */
    static String tree(String body) {
        return "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\">" + body + "</BehaviorTree>"
                + "<TreeNodesModel><Condition ID=\"Ok\"/><Condition ID=\"Ok2\"/>"
                + "<Action ID=\"A\"/><Action ID=\"B\"/><Action ID=\"C\"/></TreeNodesModel></root>";
    }

    private Run run(ProcessingMode mode, String body) {
        return Run.of(dir, tree(body), null, mode);
    }

    @ParameterizedTest
    @MethodSource("modes")
    void sequenceDoesNotRecheckAPassedCondition(ProcessingMode mode) {
        Run r = run(mode, "<Sequence name=\"s\"><Ok name=\"c\"/><A name=\"a\"/></Sequence>");
        r.set("Ok.value", true).start();
        assertEquals(RUNNING, r.status("Main/s/a"));
        r.set("Ok.value", false).at(1);
        assertEquals(RUNNING, r.status("Main/s/a"), "a non-reactive Sequence keeps running its child");
        r.answer("A", OK, 2);
        assertEquals(FINISHED, r.status("Main/s"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void reactiveSequenceRechecksItsConditionAndHaltsTheRunningChild(ProcessingMode mode) {
        Run r = run(mode, "<ReactiveSequence name=\"s\"><Ok name=\"c\"/><A name=\"a\"/></ReactiveSequence>");
        r.set("Ok.value", true).start();
        assertEquals(RUNNING, r.status("Main/s/a"));
        assertEquals(1, r.integer("A.request"));
        r.set("Ok.value", false).at(1);
        assertEquals(ABORTED, r.status("Main/s"));
        assertEquals(ACCEPT, r.status("Main/s/a"), "the running child was halted");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void sequenceRestartsAfterAFailureButSequenceWithMemoryResumes(ProcessingMode mode) {
        for (String node : new String[] {"Sequence", "SequenceWithMemory"}) {
            Run r = run(mode, "<RetryUntilSuccessful name=\"retry\" num_attempts=\"2\"><" + node
                    + " name=\"s\"><A name=\"a\"/><B name=\"b\"/></" + node + "></RetryUntilSuccessful>");
            r.start();
            r.answer("A", OK, 1);
            assertEquals(RUNNING, r.status("Main/retry/s/b"));
            r.answer("B", FAIL, 2);
            boolean memory = node.equals("SequenceWithMemory");
            assertEquals(memory ? 1 : 2, r.integer("A.request"), node + ": after the failure, a runs again only"
                    + " in the plain Sequence");
            assertEquals(memory ? RUNNING : ACCEPT, r.status("Main/retry/s/b"), node);
            if (!memory) {
                r.answer("A", OK, 3);
            }
            r.answer("B", OK, 4);
            assertEquals(FINISHED, r.status("Main/retry"), node);
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void fallbackDoesNotRecheckButReactiveFallbackDoes(ProcessingMode mode) {
        Run plain = run(mode, "<Fallback name=\"f\"><Ok name=\"c\"/><A name=\"a\"/></Fallback>");
        plain.set("Ok.value", false).start();
        assertEquals(RUNNING, plain.status("Main/f/a"));
        plain.set("Ok.value", true).at(1);
        assertEquals(RUNNING, plain.status("Main/f/a"), "Fallback does not look back at a failed child");
        plain.answer("A", FAIL, 2);
        assertEquals(ABORTED, plain.status("Main/f"));

        Run reactive = run(mode, "<ReactiveFallback name=\"f\"><Ok name=\"c\"/><A name=\"a\"/></ReactiveFallback>");
        reactive.set("Ok.value", false).start();
        assertEquals(RUNNING, reactive.status("Main/f/a"));
        reactive.set("Ok.value", true).at(1);
        assertEquals(FINISHED, reactive.status("Main/f"), "ReactiveFallback re-checks the condition");
        assertEquals(ACCEPT, reactive.status("Main/f/a"), "and halts the running child");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void parallelCountsSuccessesAndHaltsTheRest(ProcessingMode mode) {
        Run r = run(mode, "<Parallel name=\"p\" success_count=\"1\" failure_count=\"2\"><A name=\"a\"/><B name=\"b\"/>"
                + "</Parallel>");
        r.start();
        assertEquals(RUNNING, r.status("Main/p/a"));
        assertEquals(RUNNING, r.status("Main/p/b"));
        r.answer("A", OK, 1);
        assertEquals(FINISHED, r.status("Main/p"));
        assertEquals(ACCEPT, r.status("Main/p/b"), "the other child is halted");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void parallelAllWaitsForEveryChild(ProcessingMode mode) {
        Run r = run(mode, "<ParallelAll name=\"p\" max_failures=\"1\"><A name=\"a\"/><B name=\"b\"/></ParallelAll>");
        r.start();
        r.answer("A", FAIL, 1);
        assertEquals(RUNNING, r.status("Main/p"), "one failure, but b still runs");
        assertEquals(RUNNING, r.status("Main/p/b"));
        r.answer("B", OK, 2);
        assertEquals(ABORTED, r.status("Main/p"), "1 failure reaches max_failures");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void ifThenElseChecksOnceWhileDoElseWatches(ProcessingMode mode) {
        Run once = run(mode, "<IfThenElse name=\"i\"><Ok name=\"c\"/><A name=\"a\"/><B name=\"b\"/></IfThenElse>");
        once.set("Ok.value", true).start();
        assertEquals(RUNNING, once.status("Main/i/a"));
        once.set("Ok.value", false).at(1);
        assertEquals(RUNNING, once.status("Main/i/a"), "IfThenElse keeps its branch");
        assertEquals(0, once.integer("B.request"));
        once.answer("A", FAIL, 2);
        assertEquals(ABORTED, once.status("Main/i"), "the branch's result");

        Run watch = run(mode, "<WhileDoElse name=\"w\"><Ok name=\"c\"/><A name=\"a\"/><B name=\"b\"/></WhileDoElse>");
        watch.set("Ok.value", true).start();
        assertEquals(RUNNING, watch.status("Main/w/a"));
        watch.set("Ok.value", false).at(1);
        assertEquals(ACCEPT, watch.status("Main/w/a"), "WhileDoElse halts the then-branch");
        assertEquals(RUNNING, watch.status("Main/w/b"), "and runs the else-branch");
        watch.answer("B", OK, 2);
        assertEquals(FINISHED, watch.status("Main/w"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void inverterAndForcedResults(ProcessingMode mode) {
        Run r = run(mode, "<Sequence name=\"s\"><Inverter name=\"i\"><A name=\"a\"/></Inverter>"
                + "<ForceSuccess name=\"fs\"><B name=\"b\"/></ForceSuccess>"
                + "<ForceFailure name=\"ff\"><C name=\"c\"/></ForceFailure></Sequence>");
        r.start();
        r.answer("A", FAIL, 1);
        assertEquals(RUNNING, r.status("Main/s/fs/b"), "an inverted failure passes the sequence on");
        r.answer("B", FAIL, 2);
        assertEquals(RUNNING, r.status("Main/s/ff/c"), "ForceSuccess turns the failure into success");
        r.answer("C", OK, 3);
        assertEquals(ABORTED, r.status("Main/s"), "ForceFailure turns the success into failure");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void retryUntilSuccessfulCountsAttempts(ProcessingMode mode) {
        Run r = run(mode, "<RetryUntilSuccessful name=\"r\" num_attempts=\"3\"><A name=\"a\"/></RetryUntilSuccessful>");
        r.start();
        for (int k = 1; k <= 3; k++) {
            assertEquals(k, r.integer("A.request"), "attempt " + k);
            assertEquals(RUNNING, r.status("Main/r"));
            r.answer("A", FAIL, k);
        }
        assertEquals(ABORTED, r.status("Main/r"), "three failures exhaust three attempts");
        assertEquals(3, r.integer("A.request"));

        Run s = run(mode, "<RetryUntilSuccessful name=\"r\" num_attempts=\"3\"><A name=\"a\"/></RetryUntilSuccessful>");
        s.start();
        s.answer("A", FAIL, 1);
        s.answer("A", OK, 2);
        assertEquals(FINISHED, s.status("Main/r"), "a success on the second attempt");
        assertEquals(2, s.integer("A.request"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void repeatRunsItsChildNumCyclesTimes(ProcessingMode mode) {
        Run r = run(mode, "<Repeat name=\"r\" num_cycles=\"3\"><A name=\"a\"/></Repeat>");
        r.start();
        for (int k = 1; k <= 3; k++) {
            assertEquals(RUNNING, r.status("Main/r"));
            assertEquals(k, r.integer("A.request"));
            r.answer("A", OK, k);
        }
        assertEquals(FINISHED, r.status("Main/r"));
        assertEquals(3, r.integer("A.request"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void keepRunningUntilFailure(ProcessingMode mode) {
        Run r = run(mode, "<KeepRunningUntilFailure name=\"k\"><A name=\"a\"/></KeepRunningUntilFailure>");
        r.start();
        r.answer("A", OK, 1);
        r.answer("A", OK, 2);
        assertEquals(RUNNING, r.status("Main/k"));
        assertEquals(3, r.integer("A.request"), "each success starts the child again");
        r.answer("A", FAIL, 3);
        assertEquals(ABORTED, r.status("Main/k"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void timeoutHaltsASlowChildInSimulationTime(ProcessingMode mode) {
        Run r = run(mode, "<Timeout name=\"t\" msec=\"2000\"><A name=\"a\"/></Timeout>");
        r.start();
        r.at(1.5);
        assertEquals(RUNNING, r.status("Main/t/a"));
        r.at(2.5);
        assertEquals(ABORTED, r.status("Main/t"));
        assertEquals(ACCEPT, r.status("Main/t/a"), "the child was halted");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void delayStartsTheChildLater(ProcessingMode mode) {
        Run r = run(mode, "<Delay name=\"d\" delay_msec=\"1000\"><A name=\"a\"/></Delay>");
        r.start();
        r.at(0.5);
        assertEquals(RUNNING, r.status("Main/d"));
        assertEquals(0, r.integer("A.request"), "not started during the delay");
        r.at(1.5);
        assertEquals(1, r.integer("A.request"));
        r.answer("A", OK, 2);
        assertEquals(FINISHED, r.status("Main/d"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void runOnceRunsItsChildOnlyOnce(ProcessingMode mode) {
        Run r = run(mode, "<Repeat name=\"r\" num_cycles=\"2\"><Sequence name=\"s\"><RunOnce name=\"once\"><A name=\"a\"/>"
                + "</RunOnce><B name=\"b\"/></Sequence></Repeat>");
        r.start();
        r.answer("A", OK, 1);
        r.answer("B", OK, 2);
        assertEquals(RUNNING, r.status("Main/r/s/b"), "second cycle: RunOnce is skipped");
        assertEquals(1, r.integer("A.request"));
        r.answer("B", OK, 3);
        assertEquals(FINISHED, r.status("Main/r"));
        assertEquals(1, r.integer("A.request"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void alwaysSuccessAlwaysFailureAndSleep(ProcessingMode mode) {
        Run r = run(mode, "<Sequence name=\"s\"><AlwaysSuccess name=\"yes\"/><Fallback name=\"f\"><AlwaysFailure name=\"no\"/>"
                + "<Sleep name=\"sleep\" msec=\"1500\"/></Fallback></Sequence>");
        r.start();
        assertEquals(SUCCESS, r.status("Main/s/yes"));
        assertEquals(FAILURE, r.status("Main/s/f/no"));
        assertEquals(RUNNING, r.status("Main/s/f/sleep"));
        r.at(1);
        assertEquals(RUNNING, r.status("Main/s"));
        r.at(2);
        assertEquals(FINISHED, r.status("Main/s"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void scriptsSetBlackboardAndScriptConditions(ProcessingMode mode) {
        Run r = run(mode, "<Sequence name=\"s\"><Script name=\"init\" code=\"n := 3; flag := n &gt; 2\"/>"
                + "<SetBlackboard name=\"set\" output_key=\"word\" value=\"hello\"/>"
                + "<ScriptCondition name=\"check\" code=\"flag &amp;&amp; n == 3 &amp;&amp; word == 'hello'\"/>"
                + "<A name=\"a\"/></Sequence>");
        r.start();
        assertEquals(3.0, r.real("n"));
        assertEquals(true, r.bool("flag"));
        assertEquals(RUNNING, r.status("Main/s/a"), "the script condition holds");
        r.answer("A", OK, 1);
        assertEquals(FINISHED, r.status("Main/s"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void preconditions(ProcessingMode mode) {
        Run skip = run(mode, "<Sequence name=\"s\"><A name=\"a\" _skipIf=\"go == false\"/><B name=\"b\"/></Sequence>");
        skip.set("go", false).start();
        assertEquals(0, skip.integer("A.request"), "skipped");
        assertEquals(RUNNING, skip.status("Main/s/b"), "a skipped child lets the sequence go on");

        Run fail = run(mode, "<Fallback name=\"f\"><A name=\"a\" _failureIf=\"go\"/><B name=\"b\"/></Fallback>");
        fail.set("go", true).start();
        assertEquals(0, fail.integer("A.request"));
        assertEquals(RUNNING, fail.status("Main/f/b"));

        Run whileTrue = run(mode, "<Sequence name=\"s\"><A name=\"a\" _while=\"go\"/><B name=\"b\"/></Sequence>");
        whileTrue.set("go", true).start();
        assertEquals(RUNNING, whileTrue.status("Main/s/a_while/a"));
        whileTrue.set("go", false).at(1);
        assertEquals(ACCEPT, whileTrue.status("Main/s/a_while/a"), "_while halts the node when it turns false");
        assertEquals(RUNNING, whileTrue.status("Main/s/b"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void postconditionScriptsRunOnTheResult(ProcessingMode mode) {
        Run r = run(mode, "<Sequence name=\"s\"><Script name=\"init\" code=\"done := 0; failed := 0\"/>"
                + "<A name=\"a\" _onSuccess=\"done := 1\" _onFailure=\"failed := 1\"/></Sequence>");
        r.start();
        r.answer("A", OK, 1);
        assertEquals(1.0, r.real("done"));
        assertEquals(0.0, r.real("failed"));
        assertEquals(FINISHED, r.status("Main/s"));
    }

    /** The key the _onHalted scripts set, bound to an FMU output. */
    private static final String HALTED_OUTPUT = "{\"variables\": [{\"name\": \"halted\", \"causality\": \"output\","
            + " \"type\": \"Integer\", \"start\": 0}]}";

    @ParameterizedTest
    @MethodSource("modes")
    void onHaltedRunsWhenAReactiveSequenceHaltsTheRunningNode(ProcessingMode mode) {
        Run r = Run.of(dir, tree("<ReactiveSequence name=\"s\"><Ok name=\"c\"/>"
                + "<A name=\"a\" _onHalted=\"halted := 1\"/></ReactiveSequence>"), HALTED_OUTPUT, mode);
        r.set("Ok.value", true).start();
        assertEquals(RUNNING, r.status("Main/s/a_onHalted/a"));
        assertEquals(0, r.integer("halted"), "running, not halted");
        r.set("Ok.value", false).at(1);
        assertEquals(ACCEPT, r.status("Main/s/a_onHalted/a"), "halted");
        assertEquals(ABORTED, r.status("Main/s"));
        assertEquals(1, r.integer("halted"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void onHaltedDoesNotRunWhenTheNodeReturned(ProcessingMode mode) {
        for (int result : new int[] {OK, FAIL}) {
            Run r = Run.of(dir, tree("<ReactiveSequence name=\"s\"><Ok name=\"c\"/>"
                    + "<A name=\"a\" _onHalted=\"halted := 1\"/></ReactiveSequence>"), HALTED_OUTPUT, mode);
            r.set("Ok.value", true).start();
            r.answer("A", result, 1);
            assertEquals(result == OK ? FINISHED : ABORTED, r.status("Main/s"));
            r.set("Ok.value", false).at(2);
            assertEquals(0, r.integer("halted"), "a node that returned " + result + " is not halted");
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void onHaltedRunsWhenWhileHaltsTheNode(ProcessingMode mode) {
        Run r = run(mode, "<Sequence name=\"s\"><Script name=\"init\" code=\"halted := 0\"/>"
                + "<A name=\"a\" _while=\"go\" _onHalted=\"halted := halted + 1\"/><B name=\"b\"/></Sequence>");
        r.set("go", true).start();
        assertEquals(RUNNING, r.status("Main/s/a_while/a_onHalted/a"));
        r.set("go", false).at(1);
        assertEquals(RUNNING, r.status("Main/s/b"), "skipped");
        assertEquals(1.0, r.real("halted"), "_while halted the running node once");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void subTreesRemapPortsAndAutoremap(ProcessingMode mode) {
        String xml = "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">"
                + "<BehaviorTree ID=\"Main\"><Sequence name=\"s\">"
                + "<SubTree ID=\"Set\" name=\"set1\" target=\"{x}\" value=\"5\"/>"
                + "<SubTree ID=\"Bump\" name=\"bump\" _autoremap=\"true\"/>"
                + "</Sequence></BehaviorTree>"
                + "<BehaviorTree ID=\"Set\"><Script code=\"target := value\"/></BehaviorTree>"
                + "<BehaviorTree ID=\"Bump\"><Script code=\"x += 1\"/></BehaviorTree>"
                + "</root>";
        Run r = Run.of(dir, xml, null, mode).start();
        assertEquals(6.0, r.real("x"), "x := 5 through the remapped port, then x += 1 through autoremap");
        assertEquals(FINISHED, r.status("Main/s"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void eachRunOfASequenceRunsItsScriptAndSleepAgain(ProcessingMode mode) {
        Run r = run(mode, "<Sequence name=\"top\"><Script name=\"init\" code=\"n := 0\"/>"
                + "<Repeat name=\"r\" num_cycles=\"3\"><Sequence name=\"s\">"
                + "<Script name=\"count\" code=\"n += 1\"/><Sleep name=\"nap\" msec=\"1000\"/>"
                + "<A name=\"a\"/></Sequence></Repeat></Sequence>");
        r.start();
        assertEquals(1.0, r.real("n"));
        assertEquals(0, r.integer("A.request"), "sleeping");
        r.at(1.5);
        r.answer("A", OK, 2);
        assertEquals(2.0, r.real("n"), "the second cycle ran the script again");
        assertEquals(1, r.integer("A.request"), "and sleeps again before a");
        r.at(3.5);
        assertEquals(2, r.integer("A.request"));
        r.answer("A", OK, 4);
        r.at(5.5);
        r.answer("A", OK, 6);
        assertEquals(3.0, r.real("n"));
        assertEquals(FINISHED, r.status("Main/top"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void retryRunsARecoveryFallbackAgain(ProcessingMode mode) {
        Run r = run(mode, "<RetryUntilSuccessful name=\"retry\" num_attempts=\"3\"><Fallback name=\"f\">"
                + "<Timeout name=\"limit\" msec=\"2000\"><A name=\"a\"/></Timeout>"
                + "<ForceFailure name=\"recover\"><Sequence name=\"s\"><Script name=\"count\" code=\"k += 1\"/>"
                + "<B name=\"b\"/></Sequence></ForceFailure></Fallback></RetryUntilSuccessful>");
        r.start();
        r.at(2.5);
        assertEquals(RUNNING, r.status("Main/retry/f/recover/s/b"), "the timeout expired: recovery runs");
        assertEquals(1.0, r.real("k"));
        r.answer("B", OK, 3);
        assertEquals(2, r.integer("A.request"), "the retry started the navigation again");
        assertEquals(RUNNING, r.status("Main/retry/f/limit/a"));
        r.answer("A", OK, 4);
        assertEquals(FINISHED, r.status("Main/retry"));
        assertEquals(1.0, r.real("k"));
    }

    /** BT.CPP 3: main_tree_to_execute without BTCPP_format, SequenceStar, RetryUntilSuccesful, SubTreePlus __autoremap. */
    @ParameterizedTest
    @MethodSource("modes")
    void formatThreeTrees(ProcessingMode mode) {
        String xml = "<root main_tree_to_execute=\"Main\"><BehaviorTree ID=\"Main\">"
                + "<RetryUntilSuccesful name=\"retry\" num_attempts=\"2\"><SequenceStar name=\"s\">"
                + "<Action ID=\"A\" name=\"a\"/><SubTreePlus ID=\"Count\" name=\"count\" __autoremap=\"true\"/>"
                + "<Action ID=\"B\" name=\"b\"/></SequenceStar></RetryUntilSuccesful></BehaviorTree>"
                + "<BehaviorTree ID=\"Count\"><Script code=\"k += 1\"/></BehaviorTree>"
                + "<TreeNodesModel><Action ID=\"A\"/><Action ID=\"B\"/></TreeNodesModel></root>";
        Run r = Run.of(dir, xml, null, mode).start();
        r.answer("A", OK, 1);
        assertEquals(1.0, r.real("k"), "the autoremapped sub-tree writes the caller's key");
        r.answer("B", FAIL, 2);
        assertEquals(1, r.integer("A.request"), "SequenceStar (SequenceWithMemory) resumes at b");
        assertEquals(RUNNING, r.status("Main/retry/s/b"));
        r.answer("B", OK, 3);
        assertEquals(FINISHED, r.status("Main/retry"));
        assertTrue(r.mission.description().contains("format 3"), r.mission.description());
    }
}
