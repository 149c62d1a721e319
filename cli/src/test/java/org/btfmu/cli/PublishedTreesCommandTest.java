package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The published trees of ../shared/btcpp-trees: {@code import} (with its warnings on standard
 * error) then {@code build}, whose {@code bt-fmu check} of the FMU passes.
 */
class PublishedTreesCommandTest {

    static final Path TREES = Path.of("..", "..", "shared", "btcpp-trees");

    /** The published trees live beside the repository (../shared); without them, nothing to test. */
    @BeforeAll
    static void treesArePresent() {
        assumeTrue(Files.isDirectory(TREES), TREES + " is absent (the published trees beside the repository)");
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"behaviortree-cpp/t01_build_your_first_tree.xml", "behaviortree-cpp/t02_basic_ports.xml",
            "behaviortree-cpp/t03_generic_ports.xml", "behaviortree-cpp/t04_reactive_sequence.xml",
            "behaviortree-cpp/t04_reactive_sequence_1.xml", "behaviortree-cpp/t05_crossdoor.xml",
            "behaviortree-cpp/t06_subtree_port_remapping.xml", "behaviortree-cpp/t06_subtree_port_remapping_v3.xml",
            "behaviortree-cpp/t11_groot_howto.xml",
            "behaviortree-cpp/t12_default_ports.xml", "behaviortree-cpp/t14_subtree_model.xml",
            "behaviortree-cpp/t15_nodes_mocking.xml", "behaviortree-cpp/t09_scripting.xml", "nav2/navigate_to_pose_w_replanning_and_recovery.xml",
            "nav2/navigate_through_poses_w_replanning_and_recovery.xml"})
    void importsAndBuildsIntoAnFmuThatPassesTheCheck(String file) {
        Path tree = TREES.resolve(file);
        Path mission = dir.resolve("mission.json");
        List<String> args = new ArrayList<>(List.of("import", tree.toString(), "-o", mission.toString()));
        if (file.startsWith("nav2/")) {
            args.addAll(List.of("--library", "nav2", "--nodes", TREES.resolve("nav2/nav2_tree_nodes.xml").toString()));
        }
        Console i = Console.run(args.toArray(String[]::new));
        assertEquals(0, i.exit(), i.err());
        assertTrue(Files.isRegularFile(mission));
        Path fmu = dir.resolve("tree.fmu");
        Console b = Console.run("build", mission.toString(), "--no-check", "-o", fmu.toString());
        assertEquals(0, b.exit(), b.out() + b.err());
        Console check = Console.run("check", fmu.toString());
        assertEquals(0, check.exit(), check.out() + check.err());
    }

    @Test
    void importPrintsOneWarningPerInferredNodeAndStrictRefuses() {
        Path tree = TREES.resolve("behaviortree-cpp/t05_crossdoor.xml");
        Path mission = dir.resolve("mission.json");
        Console c = Console.run("import", tree.toString(), "-o", mission.toString());
        assertEquals(0, c.exit(), c.err());
        assertEquals(5, c.err().lines().filter(l -> l.startsWith("warning: ") && l.contains("inferred")).count(),
                c.err());
        Path strict = dir.resolve("strict.json");
        Console s = Console.run("import", tree.toString(), "--strict", "-o", strict.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, s.exit());
        assertTrue(s.err().contains("--strict: undeclared node"), s.err());
        assertFalse(Files.exists(strict), "nothing written");
    }

    @Test
    void theTreeOptionChoosesAndAnUnknownLibraryIsRefused() {
        Path tree = TREES.resolve("behaviortree-cpp/t05_crossdoor.xml");
        Path mission = dir.resolve("m.json");
        Console c = Console.run("import", tree.toString(), "--tree", "DoorClosed", "-o", mission.toString());
        assertEquals(0, c.exit(), c.err());
        Console l = Console.run("import", tree.toString(), "--library", "ros1", "-o", mission.toString() + "2");
        assertEquals(BtFmu.EXIT_BAD_INPUT, l.exit());
        assertTrue(l.err().contains("--library ros1: no such library (nav2)"), l.err());
    }

    @Test
    void helpListsTheImportOptions() {
        Console h = Console.run("import", "--help");
        for (String option : List.of("--tree", "--strict", "--nodes", "--library", "--bindings")) {
            assertTrue(h.out().contains(option), option + " in " + h.out());
        }
    }
}
