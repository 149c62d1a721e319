package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Trees of BehaviorTree.CPP standard nodes with scripted leaves (counters on the blackboard), run
 * to completion in both processing modes: the final root status and blackboard are what
 * BehaviorTree.CPP 4.10 gives, written down from its tests ({@code tests/gtest_*.cpp}) and its
 * sources and documentation (each case names where), or, where the node table in docs/btcpp.md
 * documents a difference, that documented difference. A {@code Test<X>} node of BT.CPP's tests
 * (RegisterTestTick: SUCCESS and a counter) is written here as {@code <Script code="x += 1"/>}.
 * BT.CPP's SUCCESS/FAILURE of the tree is bt-fmu's root FINISHED/ABORTED.
 */
class BtcppConformanceTest {

    @TempDir
    Path dir;

    /**
     * One tree: {@code body} under the main BehaviorTree ("Main"), or a whole document when it starts
     * with {@code <root}; {@code status} the tree's result; {@code values} the blackboard after it.
     * {@code difference} is null when bt-fmu gives BT.CPP's result, else the documented (docs/btcpp.md)
     * difference that the expectation follows instead.
     */
    record Case(String name, String source, String body, String status, Map<String, Object> values,
            String difference) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case same(String name, String source, String body, String status, Object... values) {
        return new Case(name, source, body, status, map(values), null);
    }

    private static Case documented(String name, String source, String difference, String body, String status,
            Object... values) {
        return new Case(name, source, body, status, map(values), difference);
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int k = 0; k < kv.length; k += 2) {
            m.put((String) kv[k], kv[k + 1]);
        }
        return m;
    }

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        // ---- post-conditions (tests/gtest_postconditions.cpp)
        c.add(same("PostConditions.BasicTest", "gtest_postconditions.cpp, TEST(PostConditions, BasicTest):"
                + " _onFailure runs on the FAILURE _failureIf decides (C = 42)",
                "<Sequence><Script code=\"A:=1; B:=1; C:=1; D:=1\"/><AlwaysSuccess _onSuccess=\"B=42\"/>"
                        + "<ForceSuccess><AlwaysSuccess _failureIf=\"A!=0\" _onFailure=\"C=42\"/></ForceSuccess>"
                        + "<ForceSuccess><AlwaysFailure _onFailure=\"D=42\"/></ForceSuccess></Sequence>",
                "SUCCESS", "B", 42, "C", 42, "D", 42));
        c.add(same("PostConditions.Issue539", "gtest_postconditions.cpp, TEST(PostConditions, Issue539): five"
                + " attempts, _onFailure and _post each run five times",
                "<Sequence><Script code=\"x:=0; y:=0\"/><RetryUntilSuccessful num_attempts=\"5\">"
                        + "<AlwaysFailure _onFailure=\"x += 1\" _post=\"y += 1\"/></RetryUntilSuccessful></Sequence>",
                "FAILURE", "x", 5, "y", 5));
        c.add(same("_post on a result _successIf decides", "src/tree_node.cpp, TreeNode::executeTick: the"
                + " post-conditions run on every SUCCESS/FAILURE, also one a pre-condition returned",
                "<Sequence><Script code=\"p:=0; s:=0\"/><AlwaysFailure _successIf=\"true\" _onSuccess=\"s:=1\""
                        + " _post=\"p:=1\"/></Sequence>",
                "SUCCESS", "p", 1, "s", 1));
        c.add(same("_skipIf runs no post-condition", "src/tree_node.cpp, TreeNode::executeTick: checkPostConditions"
                + " only for a completed status (SKIPPED is not); _failureIf is checked before _skipIf"
                + " (checkPreConditions walks PreCond in order)",
                "<Sequence><Script code=\"p:=0; f:=0\"/><AlwaysSuccess _skipIf=\"true\" _post=\"p:=1\"/>"
                        + "<ForceSuccess><AlwaysSuccess _skipIf=\"true\" _failureIf=\"true\" _onFailure=\"f:=1\"/>"
                        + "</ForceSuccess></Sequence>",
                "SUCCESS", "p", 0, "f", 1));
        c.add(documented("PostConditions.Issue601", "gtest_postconditions.cpp, TEST(PostConditions, Issue601):"
                + " BT.CPP starts the Sleep, then the failing child halts it: test == 'halted'",
                "docs/btcpp.md, Parallel: a Parallel decided by children that answer without activation answers without"
                        + " being started, so no child is started or halted",
                "<Sequence><Script code=\"test := 'start'\"/><Parallel failure_count=\"1\" success_count=\"-1\">"
                        + "<Sleep msec=\"1000\" _onHalted=\"test = 'halted'\" _post=\"test = 'post'\"/>"
                        + "<AlwaysFailure/></Parallel></Sequence>",
                "FAILURE", "test", "start"));
        // ---- pre-conditions (tests/gtest_preconditions.cpp, tests/gtest_skipping.cpp)
        c.add(same("Preconditions.Basic", "gtest_preconditions.cpp, TEST(Preconditions, Basic): counters 0 1 0 1",
                "<Sequence><Script code=\"A:=1; ca:=0; cb:=0; cc:=0; cd:=0\"/>"
                        + "<Script code=\"ca += 1\" _successIf=\"A==1\"/><Script code=\"cb += 1\" _successIf=\"A==2\"/>"
                        + "<Fallback><Script code=\"cc += 1\" _failureIf=\"A==1\"/>"
                        + "<Script code=\"cd += 1\" _failureIf=\"A!=1\"/></Fallback></Sequence>",
                "SUCCESS", "ca", 0, "cb", 1, "cc", 0, "cd", 1));
        c.add(same("SkippingLogic.Sequence", "gtest_skipping.cpp, TEST(SkippingLogic, Sequence): TestA skipped,"
                + " TestB ticked, SUCCESS",
                "<Sequence><Script code=\"A:=1; ca:=0; cb:=0\"/>"
                        + "<Script code=\"ca += 1\" _successIf=\"A==2\" _failureIf=\"A!=1\" _skipIf=\"A==1\"/>"
                        + "<Script code=\"cb += 1\"/></Sequence>",
                "SUCCESS", "ca", 0, "cb", 1));
        c.add(documented("SkippingLogic.SkipAll", "gtest_skipping.cpp, TEST(SkippingLogic, SkipAll): every child"
                + " skipped, the tree returns SKIPPED without ticking them (A set before the tick: here by a"
                + " Script ahead of the skipped Sequence)",
                "docs/btcpp.md, _skipIf: SKIPPED counts as SUCCESS",
                "<Sequence><Script code=\"A:=1; ca:=0; cb:=0; cc:=0\"/><Sequence><Script code=\"ca += 1\""
                        + " _skipIf=\"A==1\"/><Script code=\"cb += 1\" _skipIf=\"A&lt;2\"/><Script code=\"cc += 1\""
                        + " _skipIf=\"A&gt;0\"/></Sequence></Sequence>",
                "SUCCESS", "ca", 0, "cb", 0, "cc", 0));
        c.add(same("_while false before the start skips the node", "src/tree_node.cpp, checkPreConditions:"
                + " _while false on an IDLE node returns SKIPPED; the Sequence goes on",
                "<Sequence><Script code=\"a:=0; x:=0; y:=0\"/><Script code=\"x:=1\" _while=\"a==1\"/>"
                        + "<Script code=\"y:=1\"/></Sequence>",
                "SUCCESS", "x", 0, "y", 1));
        // ---- the tree's result at the first tick (Tree::tickWhileRunning returns the first non-RUNNING status)
        c.add(same("a single failing ScriptCondition", "src/bt_factory.cpp, Tree::tickWhileRunning: the"
                + " status of the first tick when it is not RUNNING",
                "<ScriptCondition code=\"1 &gt; 2\"/>", "FAILURE"));
        c.add(same("ParallelAll of conditions", "src/controls/parallel_all_node.cpp: every child completed,"
                + " failures >= max_failures gives FAILURE at the first tick",
                "<ParallelAll max_failures=\"1\"><AlwaysSuccess/><AlwaysFailure/></ParallelAll>", "FAILURE"));
        c.add(documented("a root with _skipIf", "src/tree_node.cpp, checkPreConditions: SKIPPED at the first tick",
                "docs/btcpp.md, _skipIf: SKIPPED counts as SUCCESS",
                "<Script code=\"x:=1\" _skipIf=\"true\"/>", "SUCCESS"));
        // ---- IfThenElse / WhileDoElse (tests/gtest_if_then_else.cpp, src/controls/while_do_else_node.cpp)
        c.add(same("IfThenElse.ConditionTrue_ThenBranch", "gtest_if_then_else.cpp, ConditionTrue_ThenBranch",
                "<Sequence><Script code=\"ca:=0; cb:=0\"/><IfThenElse><AlwaysSuccess/><Script code=\"ca += 1\"/>"
                        + "<Script code=\"cb += 1\"/></IfThenElse></Sequence>",
                "SUCCESS", "ca", 1, "cb", 0));
        c.add(same("IfThenElse.ConditionFalse_ElseBranch", "gtest_if_then_else.cpp, ConditionFalse_ElseBranch",
                "<Sequence><Script code=\"ca:=0; cb:=0\"/><IfThenElse><AlwaysFailure/><Script code=\"ca += 1\"/>"
                        + "<Script code=\"cb += 1\"/></IfThenElse></Sequence>",
                "SUCCESS", "ca", 0, "cb", 1));
        c.add(same("IfThenElse.ConditionFalse_TwoChildren_ReturnsFailure", "gtest_if_then_else.cpp,"
                + " ConditionFalse_TwoChildren_ReturnsFailure (the IfThenElse is the tree's top)",
                "<IfThenElse><AlwaysFailure/><Script code=\"ca += 1\"/></IfThenElse>", "FAILURE"));
        c.add(same("IfThenElse.ThenBranchFails", "gtest_if_then_else.cpp, ThenBranchFails",
                "<Sequence><Script code=\"ca:=0\"/><IfThenElse><AlwaysSuccess/><AlwaysFailure/>"
                        + "<Script code=\"ca += 1\"/></IfThenElse></Sequence>",
                "FAILURE", "ca", 0));
        c.add(same("IfThenElse: the branch changes what the condition read", "src/controls/if_then_else.cpp:"
                + " the condition is ticked once, child_idx_ then stays on the branch until it completes",
                "<Sequence><Script code=\"a:=0; b:=0\"/><IfThenElse><ScriptCondition code=\"a==0\"/>"
                        + "<Sequence><Script code=\"a:=1\"/><Script code=\"b:=1\"/></Sequence>"
                        + "<Script code=\"b:=2\"/></IfThenElse></Sequence>",
                "SUCCESS", "a", 1, "b", 1));
        c.add(same("WhileDoElse with two children and a false condition", "src/controls/while_do_else_node.cpp:"
                + " condition FAILURE and no else-branch gives FAILURE (the tree's top)",
                "<WhileDoElse><AlwaysFailure/><Script code=\"x:=1\"/></WhileDoElse>", "FAILURE"));
        // ---- Sequence / Fallback: a child that returned is not ticked again in the run
        c.add(same("Sequence does not re-check a passed condition", "src/controls/sequence_node.cpp:"
                + " current_child_idx_ only moves on; issue 19 item 6",
                "<Sequence><Script code=\"a:=0; b:=0\"/><Sequence><ScriptCondition code=\"a&lt;1\"/>"
                        + "<Script code=\"a:=1\"/><Script code=\"b:=1\"/></Sequence></Sequence>",
                "SUCCESS", "a", 1, "b", 1));
        c.add(same("Sequence as the tree's top, its first child a condition", "src/controls/sequence_node.cpp:"
                + " each child ticked once, in order, in the first tick",
                "<Sequence><ScriptCondition code=\"1 &lt; 2\"/><Script code=\"a:=1\"/><Script code=\"b:=a+1\"/>"
                        + "</Sequence>",
                "SUCCESS", "a", 1, "b", 2));
        c.add(same("Fallback does not re-check a failed condition", "src/controls/fallback_node.cpp:"
                + " current_child_idx_ only moves on; issue 19 item 6",
                "<Sequence><Script code=\"a:=0; b:=0\"/><Fallback><ScriptCondition code=\"a&gt;=1\"/>"
                        + "<Sequence><Script code=\"a:=1\"/><AlwaysFailure/></Sequence><Script code=\"b:=1\"/>"
                        + "</Fallback></Sequence>",
                "SUCCESS", "a", 1, "b", 1));
        c.add(documented("ReactiveSequence re-checks its condition after a later child acts",
                "src/controls/reactive_sequence.cpp: all children synchronous, one pass: SUCCESS, b = 1",
                "docs/btcpp.md, ReactiveSequence: children are re-checked on every change of what they read (events,"
                        + " not ticks)",
                "<Sequence><Script code=\"a:=0; b:=0\"/><ReactiveSequence><ScriptCondition code=\"a&lt;1\"/>"
                        + "<Script code=\"a:=1\"/><Script code=\"b:=1\"/></ReactiveSequence></Sequence>",
                "FAILURE", "a", 1, "b", 0));
        // ---- decorators with scripted children
        c.add(same("RetryUntilSuccessful until a counter reaches 2", "src/decorators/retry_node.cpp: a failed"
                + " attempt is retried; docs: RetryUntilSuccessful",
                "<Sequence><Script code=\"n:=0\"/><RetryUntilSuccessful num_attempts=\"3\"><Sequence>"
                        + "<Script code=\"n += 1\"/><ScriptCondition code=\"n &gt;= 2\"/></Sequence>"
                        + "</RetryUntilSuccessful></Sequence>",
                "SUCCESS", "n", 2));
        c.add(same("Sequence restarts after a failure under a retry", "src/controls/sequence_node.cpp: a failure"
                + " resets current_child_idx_; the second attempt runs the Script again",
                "<Sequence><Script code=\"a:=0\"/><RetryUntilSuccessful num_attempts=\"2\"><Sequence>"
                        + "<Script code=\"a += 1\"/><ScriptCondition code=\"a &gt; 5\"/></Sequence>"
                        + "</RetryUntilSuccessful></Sequence>",
                "FAILURE", "a", 2));
        c.add(documented("SequenceWithMemory resumes at the failed condition under a retry",
                "src/controls/sequence_with_memory_node.cpp: after a failure the index stays; the retry ticks"
                        + " the condition again, which fails again: FAILURE after 2 attempts, a = 1",
                "docs/btcpp.md, RetryUntilSuccessful: only a run counts as an attempt; a child that fails without"
                        + " activation (here the resumed SequenceWithMemory) is waited for",
                "<Sequence><Script code=\"a:=0\"/><RetryUntilSuccessful num_attempts=\"2\"><SequenceWithMemory>"
                        + "<Script code=\"a += 1\"/><ScriptCondition code=\"a &gt; 5\"/></SequenceWithMemory>"
                        + "</RetryUntilSuccessful></Sequence>",
                "RUNNING", "a", 1));
        c.add(same("Repeat runs a Script num_cycles times", "src/decorators/repeat_node.cpp; docs: Repeat",
                "<Sequence><Script code=\"n:=0\"/><Repeat num_cycles=\"3\"><Script code=\"n += 1\"/></Repeat>"
                        + "</Sequence>",
                "SUCCESS", "n", 3));
        c.add(same("KeepRunningUntilFailure", "src/decorators/keep_running_until_failure_node.h: SUCCESS ticks the"
                + " child again, FAILURE ends it",
                "<Sequence><Script code=\"n:=0\"/><KeepRunningUntilFailure><Sequence><Script code=\"n += 1\"/>"
                        + "<ScriptCondition code=\"n &lt; 3\"/></Sequence></KeepRunningUntilFailure></Sequence>",
                "FAILURE", "n", 3));
        c.add(same("Inverter, ForceSuccess, ForceFailure", "src/decorators/inverter_node.cpp,"
                + " force_success_node.h, force_failure_node.h",
                "<Sequence><Script code=\"a:=1; r:=0\"/><Inverter><ScriptCondition code=\"a==2\"/></Inverter>"
                        + "<ForceSuccess><Sequence><Script code=\"r += 1\"/><AlwaysFailure/></Sequence></ForceSuccess>"
                        + "<Fallback><ForceFailure><Script code=\"r += 10\"/></ForceFailure><Script code=\"r += 100\"/>"
                        + "</Fallback></Sequence>",
                "SUCCESS", "r", 111));
        c.add(same("Parallel of Scripts", "src/controls/parallel_node.cpp: success_count -1 means all",
                "<Parallel success_count=\"-1\" failure_count=\"1\"><Script code=\"a:=1\"/><Script code=\"b:=2\"/>"
                        + "</Parallel>",
                "SUCCESS", "a", 1, "b", 2));
        // ---- time (Sleep, Delay, Timeout in simulation time)
        c.add(same("Sleep then a Script", "src/actions/sleep_node.cpp: RUNNING until msec passed, then SUCCESS",
                "<Sequence><Script code=\"x:=0\"/><Sleep msec=\"500\"/><Script code=\"x:=1\"/></Sequence>",
                "SUCCESS", "x", 1));
        c.add(same("Timeout halts a slow branch, the Fallback recovers", "src/decorators/timeout_node.h: FAILURE"
                + " and the child halted when msec passes",
                "<Sequence><Script code=\"x:=0\"/><Fallback><Timeout msec=\"100\"><Sequence><Sleep msec=\"1000\"/>"
                        + "<Script code=\"x:=1\"/></Sequence></Timeout><Script code=\"x:=2\"/></Fallback></Sequence>",
                "SUCCESS", "x", 2));
        c.add(same("Delay", "src/decorators/delay_node.cpp: the child is ticked after delay_msec",
                "<Delay delay_msec=\"200\"><Script code=\"x:=1\"/></Delay>", "SUCCESS", "x", 1));
        // ---- scripts (docs: Introduction to Scripting; src/scripting)
        c.add(same("a key assigned twice in one script", "docs, scripting: statements run in order;"
                + " issue 19 item 6",
                "<Script code=\"a := 1; b := a; a += 1\"/>", "SUCCESS", "a", 2, "b", 1));
        c.add(same("a number as a condition", "src/actions/script_condition.h casts the result to bool;"
                + " utils/convert_impl.hpp, convertNumber: 0 is false, 1 true (other integers throw there)",
                "<Sequence><Script code=\"a := 1; z := 0; b := 0\"/><ScriptCondition code=\"a\"/>"
                        + "<Fallback><ScriptCondition code=\"z\"/><Script code=\"b := 1\"/></Fallback></Sequence>",
                "SUCCESS", "b", 1));
        c.add(same("the ternary operator and strings", "docs, scripting: 'cond ? a : b', string literals in"
                + " single quotes, == on strings",
                "<Sequence><Script code=\"a := 3; x := a &gt; 1 ? 10 : 20; msg := 'hello'\"/>"
                        + "<ScriptCondition code=\"msg == 'hello' &amp;&amp; x == 10\"/></Sequence>",
                "SUCCESS", "x", 10, "msg", "hello"));
        // ---- sub-trees
        c.add(same("SubTree port remapping (format 4)", "docs, tutorial 'Remapping ports of a SubTree': {key}"
                + " maps the sub-tree's port to the caller's entry",
                "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\"><BehaviorTree ID=\"Main\"><Sequence>"
                        + "<Script code=\"x := 4\"/><SubTree ID=\"Twice\" value=\"{x}\"/></Sequence></BehaviorTree>"
                        + "<BehaviorTree ID=\"Twice\"><Script code=\"value := value * 2\"/></BehaviorTree></root>",
                "SUCCESS", "x", 8));
        c.add(same("SubTree remapping without braces (format 3)", "BT.CPP 3 docs, 'Remapping ports between"
                + " Trees and SubTrees': <SubTree ID=.. port=\"key\"/> maps a port to a key; issue 19 item 6",
                "<root main_tree_to_execute=\"Main\"><BehaviorTree ID=\"Main\"><Sequence>"
                        + "<Script code=\"goal := 3\"/><SubTree ID=\"Sub\" target=\"goal\"/></Sequence></BehaviorTree>"
                        + "<BehaviorTree ID=\"Sub\"><Script code=\"target += 1\"/></BehaviorTree></root>",
                "SUCCESS", "goal", 4));
        return c;
    }

    static Stream<Arguments> runs() {
        return cases().stream().flatMap(k -> Stream.of(Run.modes()).map(m -> Arguments.of(k, m)));
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("runs")
    void finalStatusAndBlackboardAreBtcpps(Case k, ProcessingMode mode) {
        String xml = k.body().startsWith("<root") ? k.body()
                : "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\">" + k.body() + "</BehaviorTree></root>";
        Run r = Run.of(dir, xml, null, mode).start().at(10);
        String why = k.name() + " — " + (k.difference() == null ? "BT.CPP: " + k.source()
                : "documented difference: " + k.difference() + " (BT.CPP: " + k.source() + ")");
        assertEquals(k.status(), result(r.tree.status(0)), why);
        for (Map.Entry<String, Object> v : k.values().entrySet()) {
            int slot = r.mission.tree().blackboard().indexOf(v.getKey());
            if (v.getValue() instanceof String s) {
                assertEquals(s, r.tree.getString(slot), v.getKey() + ": " + why);
            } else {
                assertEquals(((Number) v.getValue()).doubleValue(), r.real(v.getKey()), v.getKey() + ": " + why);
            }
        }
    }

    /** The tree's result in BT.CPP's words. */
    private static String result(Status root) {
        return switch (root) {
            case FINISHED -> "SUCCESS";
            case ABORTED -> "FAILURE";
            default -> "RUNNING";
        };
    }
}
