package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;

/**
 * The model description of a 100,000-task mission (issue 20): every task's status is an
 * output whose {@code <InitialUnknowns>} entry lists the parameters that can reach a status.
 * That set is the same for every task; it was recomputed over the whole tree for each of them
 * (quadratic: over 300 s at 10^5 tasks). The bound is a hang guard, not a timing: the linear
 * build takes a few seconds of CPU (about 30 s wall with the machine loaded 10×; at 10^4 tasks the
 * quadratic one took 400 s).
 */
class LargeTreeModelStructureTest {

    static final int TASKS = 100_000;

    /**
     * Exactly {@code tasks} tasks: Root, a Sequence, then copies of the subtree "g" (a Sequence of
     * 98 Conditions "x > p" and one Action writing y = x * k: 100 tasks) and Conditions to make up
     * the rest (a subtree keeps the file under MissionLoader's size limit).
     */
    static String mission(int tasks) {
        StringBuilder g = new StringBuilder();
        for (int i = 0; i < 98; i++) {
            g.append("{\"type\":\"Condition\",\"name\":\"c").append(i).append("\",\"predicate\":\"x>p\"},");
        }
        g.append("{\"type\":\"Action\",\"name\":\"a\",\"outputs\":{\"y\":\"x*k\"},\"done\":\"x>0\"}");
        StringBuilder children = new StringBuilder();
        int copies = (tasks - 2) / 100;
        for (int i = 0; i < copies; i++) {
            children.append(i == 0 ? "" : ",").append("{\"type\":\"SubTree\",\"name\":\"u").append(i)
                    .append("\",\"subtree\":\"g\"}");
        }
        for (int i = 0; i < (tasks - 2) % 100; i++) {
            children.append(copies + i == 0 ? "" : ",").append("{\"type\":\"Condition\",\"name\":\"c")
                    .append(i).append("\",\"predicate\":\"x>p\"}");
        }
        return """
                {"name": "large", "variables": [
                  {"name": "x", "causality": "input", "type": "Real"},
                  {"name": "p", "causality": "parameter", "type": "Real", "start": 1},
                  {"name": "k", "causality": "parameter", "type": "Real", "start": 2},
                  {"name": "unused", "causality": "parameter", "type": "Real", "start": 3},
                  {"name": "y", "causality": "output", "type": "Real"}],
                 "subtrees": {"g": {"tree": {"type": "Sequence", "name": "g", "children": [%s]}}},
                 "tree": {"type": "Root", "name": "root", "children": [
                   {"type": "Sequence", "name": "all", "children": [%s]}]}}
                """.formatted(g, children);
    }

    @Test
    void aHundredThousandTaskModelStructureIsWrittenWithEveryStatusDependency() {
        String xml = assertTimeoutPreemptively(Duration.ofSeconds(300), () -> {
            Mission mission = MissionLoader.load(mission(TASKS), "large.json");
            assertEquals(TASKS, mission.tree().size());
            return ModelDescription.render(mission, ModelVariables.of(mission), "large", "{g}", "test");
        });
        String initial = xml.substring(xml.indexOf("<InitialUnknowns>"), xml.indexOf("</InitialUnknowns>"));
        Matcher unknown = Pattern.compile("<Unknown index=\"\\d+\" dependencies=\"([^\"]*)\"").matcher(initial);
        int count = 0;
        String first = null;
        while (unknown.find()) {
            first = first == null ? unknown.group(1) : first;
            count++;
        }
        // y and every status; a status depends on p (the conditions) and k (y, read by no task: not)
        assertEquals(TASKS + 1, count);
        String p = index(xml, "p");
        assertTrue(initial.contains("dependencies=\"" + p + "\" dependenciesKind=\"dependent\"/>"), first);
        assertEquals(TASKS, initial.split("dependencies=\"" + p + "\"", -1).length - 1, "every status lists p alone");
    }

    private static String index(String xml, String name) {
        Matcher m = Pattern.compile("<ScalarVariable\\s+name=\"([^\"]+)\"").matcher(xml);
        int i = 0;
        while (m.find()) {
            i++;
            if (m.group(1).equals(name)) {
                return Integer.toString(i);
            }
        }
        throw new AssertionError("no variable " + name);
    }
}
