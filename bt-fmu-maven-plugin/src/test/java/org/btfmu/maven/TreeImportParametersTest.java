package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin's {@code <nodes>} and {@code <libraries>}: a Nav2 tree without bindings, as {@code --nodes}/{@code --library}. */
class TreeImportParametersTest {

    static final Path NAV2 = Projects.EXAMPLES.resolve("nav2");

    @TempDir
    Path project;

    private final CapturingLog log = new CapturingLog();

    private ValidateMojo mojo(Path missions, List<File> nodes, List<String> libraries) {
        ValidateMojo mojo = new ValidateMojo();
        mojo.missionsDirectory = missions.toFile();
        mojo.nodes = nodes;
        mojo.libraries = libraries;
        mojo.setLog(log);
        return mojo;
    }

    @Test
    void nav2sPublishedTreeLoadsWithTheManifestAndTheLibrary() throws Exception {
        Path missions = Projects.withMissions(project, NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml"));
        mojo(missions, List.of(NAV2.resolve("nav2_tree_nodes.xml").toFile()), List.of("nav2")).execute();
        assertEquals(List.of(), log.errors);
        assertTrue(log.infos.get(0).startsWith("bt-fmu: 1 mission valid"), log.infos.toString());
    }

    @Test
    void withoutTheLibraryNav2sControlsAreRefusedWithoutTheManifestItsLeavesAreInferred() throws Exception {
        Path missions = Projects.withMissions(project, NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml"));
        assertThrows(MojoFailureException.class, () -> mojo(missions, List.of(), List.of()).execute());
        assertTrue(log.errors.stream().anyMatch(l -> l.contains("RecoveryNode")), log.errors.toString());

        log.errors.clear();
        mojo(missions, List.of(), List.of("nav2")).execute();
        assertEquals(List.of(), log.errors);
        assertTrue(log.warnings.stream().anyMatch(l -> l.contains("inferred 'ComputePathToPose'")),
                "no manifest: the leaves are inferred, with the import's warnings: " + log.warnings);
    }

    @Test
    void aMissingManifestIsAnError() {
        Path missions = Projects.withMissions(project, NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml"));
        File missing = project.resolve("no-such-manifest.xml").toFile();
        assertThrows(MojoFailureException.class, () -> mojo(missions, List.of(missing), List.of("nav2")).execute());
        assertTrue(log.errors.stream().anyMatch(l -> l.contains("no-such-manifest.xml")), log.errors.toString());
        assertTrue(Files.notExists(missing.toPath()));
    }
}
