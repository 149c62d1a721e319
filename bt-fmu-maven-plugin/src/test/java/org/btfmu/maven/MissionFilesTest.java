package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MissionFilesTest {

    @TempDir
    Path dir;

    @Test
    void leadingDoubleStarAlsoMatchesFilesDirectlyInTheFolder() throws Exception {
        Projects.write(dir.resolve("a.json"), "{}");
        Projects.write(dir.resolve("sub/b.json"), "{}");
        Projects.write(dir.resolve("sub/deeper/c.json"), "{}");
        Projects.write(dir.resolve("notes.txt"), "");

        List<Path> files = MissionFiles.find(dir, List.of("**/*.json"), List.of());

        assertEquals(List.of(dir.resolve("a.json"), dir.resolve("sub/b.json"), dir.resolve("sub/deeper/c.json")),
                files);
    }

    @Test
    void excludesWin() throws Exception {
        Projects.write(dir.resolve("a.json"), "{}");
        Projects.write(dir.resolve("drafts/b.json"), "{}");

        assertEquals(List.of(dir.resolve("a.json")),
                MissionFiles.find(dir, List.of("**/*.json"), List.of("drafts/**")));
    }

    @Test
    void nothingMatchingIsAFailureNamingThePatterns() {
        Projects.write(dir.resolve("a.txt"), "");
        MojoFailureException e = assertThrows(MojoFailureException.class,
                () -> MissionFiles.find(dir, List.of("**/*.json"), List.of("x/**")));
        assertTrue(e.getMessage().contains("no mission file in " + dir + " matches the includes [**/*.json]"
                + " less the excludes [x/**]"), e.getMessage());
    }

    @Test
    void aTreeFileIncludedByAnotherIsNoMissionOfItsOwn() throws Exception {
        Projects.write(dir.resolve("main.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <include path="parts/sub.xml"/>
                  <BehaviorTree ID="Main"><SubTree ID="Sub"/></BehaviorTree>
                </root>""");
        Projects.write(dir.resolve("parts/sub.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Sub\"/></root>");
        Projects.write(dir.resolve("parts/other.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"O\"/></root>");
        Projects.write(dir.resolve("broken.xml"), "<root");

        assertEquals(List.of(dir.resolve("broken.xml"), dir.resolve("main.xml"), dir.resolve("parts/other.xml")),
                MissionFiles.find(dir, List.of("**/*.xml"), List.of()));
    }
}
