package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code build tree.xml} takes the import's options: --tree, --strict, --nodes (repeatable), --library. */
class BuildTreeOptionsTest {

    static final Path NAV2 = Path.of("..", "examples", "nav2");

    @TempDir
    Path dir;

    @Test
    void buildsNav2sPublishedTreeWithTheLibraryAndTheManifest() throws Exception {
        Path fmu = dir.resolve("nav.fmu");
        Console b = Console.run("build", NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml").toString(),
                "--library", "nav2", "--nodes", NAV2.resolve("nav2_tree_nodes.xml").toString(), "-o", fmu.toString());
        assertEquals(0, b.exit(), b.out() + b.err());
        assertTrue(Files.size(fmu) > 0);
        Console check = Console.run("check", fmu.toString());
        assertEquals(0, check.exit(), check.out() + check.err());
        Console without = Console.run("build", NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml").toString(),
                "-o", dir.resolve("plain.fmu").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, without.exit(), "without the library its controls have no counterpart");
        assertTrue(without.err().contains("RecoveryNode"), without.err());
        assertFalse(Files.exists(dir.resolve("plain.fmu")));
    }

    @Test
    void chooseTheTreeAndRefuseInferenceAsImportDoes() throws Exception {
        Path tree = Files.writeString(dir.resolve("two.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"A\"><Fly/>"
                + "</BehaviorTree><BehaviorTree ID=\"B\"><Land/></BehaviorTree></root>");
        Console none = Console.run("build", tree.toString(), "-o", dir.resolve("none.fmu").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, none.exit(), "two trees, none chosen");
        Path fmu = dir.resolve("b.fmu");
        Console b = Console.run("build", tree.toString(), "--tree", "B", "--no-check", "-o", fmu.toString());
        assertEquals(0, b.exit(), b.out() + b.err());
        assertTrue(b.err().contains("inferred 'Land'"), "the import's warnings: " + b.err());
        assertFalse(b.err().contains("'Fly'"), "tree A is not imported: " + b.err());
        Console strict = Console.run("build", tree.toString(), "--tree", "B", "--strict", "-o",
                dir.resolve("strict.fmu").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, strict.exit());
        assertTrue(strict.err().contains("--strict: undeclared node"), strict.err());
        assertFalse(Files.exists(dir.resolve("strict.fmu")), "nothing written");
    }

    @Test
    void theTreeOptionsOnAMissionFileAreAnError() {
        Path mission = Path.of("..", "examples", "traffic-circuit.json");
        Console c = Console.run("build", mission.toString(), "--library", "nav2", "-o", dir.resolve("t.fmu").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, c.exit());
        assertTrue(c.err().contains("--library apply to a BehaviorTree.CPP tree (.xml)"), c.err());
        assertFalse(Files.exists(dir.resolve("t.fmu")));
    }

    @Test
    void helpListsTheTreeOptions() {
        Console h = Console.run("build", "--help");
        for (String option : List.of("--tree", "--strict", "--nodes", "--library", "--bindings")) {
            assertTrue(h.out().contains(option), option + " in " + h.out());
        }
    }
}
