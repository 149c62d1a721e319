package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;
import org.apache.maven.model.Model;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildMojoTest {

    @TempDir
    Path project;

    private final CapturingLog log = new CapturingLog();
    private final List<String> attached = new ArrayList<>();

    private BuildMojo mojo(Path missions, Path output) {
        BuildMojo mojo = new BuildMojo();
        mojo.missionsDirectory = missions.toFile();
        mojo.outputDirectory = output.toFile();
        mojo.stampDirectory = output.resolveSibling(output.getFileName() + "-stamps").toFile();
        mojo.project = new MavenProject(new Model());
        mojo.plugin = new PluginDescriptor();
        mojo.plugin.setVersion("1.2.3-test");
        mojo.projectHelper = new RecordingHelper();
        mojo.setLog(log);
        return mojo;
    }

    @Test
    void eachMissionBecomesAnFmuNamedAfterItAttachedWithItsNameAsClassifier() throws Exception {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION,
                Projects.EXAMPLES.resolve("square-waypoints.json"));
        Path fmus = project.resolve("target/fmus");

        mojo(missions, fmus).execute();

        for (String name : List.of("climb_and_fly", "square_waypoints")) {
            Path fmu = fmus.resolve(name + ".fmu");
            try (ZipFile zip = new ZipFile(fmu.toFile())) {
                assertTrue(zip.getEntry("binaries/linux64/" + name + ".so") != null, name);
                assertTrue(zip.getEntry("modelDescription.xml") != null, name);
            }
            assertTrue(attached.contains("fmu:" + name + ":" + fmu.toFile()), attached.toString());
        }
        assertTrue(log.infos.contains("bt-fmu: 2 of 2 FMUs built, 0 up to date, in " + fmus), log.infos.toString());
    }

    @Test
    void aBehaviorTreeCppTreeBecomesTheFmuOfItsMission() throws Exception {
        Path missions = Projects.withMissions(project, Projects.EXAMPLES.resolve("btcpp/reactive-patrol.xml"),
                Projects.EXAMPLES.resolve("btcpp/reactive-patrol.bindings.json"));
        Path fmus = project.resolve("target/fmus");

        mojo(missions, fmus).execute();

        try (ZipFile zip = new ZipFile(fmus.resolve("reactive_patrol.fmu").toFile())) {
            assertTrue(zip.getEntry("binaries/linux64/reactive_patrol.so") != null);
            assertTrue(new String(zip.getInputStream(zip.getEntry("resources/mission.json")).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8).matches("(?s).*\"name\"\\s*:\\s*\"reactive_patrol\".*"),
                    "the imported mission travels in the FMU");
        }
        assertEquals(List.of("fmu:reactive_patrol:" + fmus.resolve("reactive_patrol.fmu").toFile()), attached);
    }

    @Test
    void anUnchangedMissionIsNotRebuiltAChangedOneIs() throws Exception {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION,
                Projects.EXAMPLES.resolve("traffic-circuit.json"));
        Path fmus = project.resolve("target/fmus");
        mojo(missions, fmus).execute();
        Path unchanged = fmus.resolve("climb_and_fly.fmu");
        Path changed = fmus.resolve("traffic_circuit.fmu");
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(unchanged, old);
        Files.setLastModifiedTime(changed, old);
        byte[] before = Files.readAllBytes(changed);
        Path circuit = missions.resolve("traffic-circuit.json");
        Files.writeString(circuit, Files.readString(circuit).replace("\"start\": 300", "\"start\": 250"));
        log.infos.clear();
        attached.clear();

        mojo(missions, fmus).execute();

        assertEquals(old, Files.getLastModifiedTime(unchanged), "the unchanged mission's FMU was rewritten");
        assertNotEquals(old, Files.getLastModifiedTime(changed));
        assertFalse(java.util.Arrays.equals(before, Files.readAllBytes(changed)));
        assertTrue(log.infos.contains("bt-fmu: climb_and_fly.fmu is up to date (climb-and-fly.json and the build"
                + " options unchanged)"), log.infos.toString());
        assertTrue(log.infos.contains("bt-fmu: 1 of 2 FMUs built, 1 up to date, in " + fmus), log.infos.toString());
        assertEquals(2, attached.size(), "an FMU that is up to date is attached too");
    }

    @Test
    void anotherOptionOrAnFmuChangedOnDiskIsRebuilt() throws Exception {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION);
        Path fmus = project.resolve("target/fmus");
        mojo(missions, fmus).execute();
        Path fmu = fmus.resolve("climb_and_fly.fmu");
        byte[] first = Files.readAllBytes(fmu);

        BuildMojo renamed = mojo(missions, fmus);
        renamed.modelIdentifiers = Map.of("climb_and_fly", "Climb");
        renamed.execute();
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            assertTrue(zip.getEntry("binaries/linux64/Climb.so") != null);
        }

        mojo(missions, fmus).execute();
        assertArrayEquals(first, Files.readAllBytes(fmu));
        Files.write(fmu, new byte[] {1, 2, 3});
        log.infos.clear();
        mojo(missions, fmus).execute();
        assertArrayEquals(first, Files.readAllBytes(fmu));
        assertTrue(log.infos.contains("bt-fmu: 1 of 1 FMUs built, 0 up to date, in " + fmus), log.infos.toString());
    }

    @Test
    void theInterfacesOptionChoosesCoSimulationModelExchangeOrBoth() throws Exception {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION);
        Path fmus = project.resolve("target/fmus");
        Path fmu = fmus.resolve("climb_and_fly.fmu");
        mojo(missions, fmus).execute();
        assertTrue(modelDescription(fmu).contains("<ModelExchange") && modelDescription(fmu).contains("<CoSimulation"),
                "both by default");

        BuildMojo csOnly = mojo(missions, fmus);
        csOnly.interfaces = "cs";
        log.infos.clear();
        csOnly.execute();
        assertTrue(log.infos.contains("bt-fmu: 1 of 1 FMUs built, 0 up to date, in " + fmus),
                "another interface set rebuilds: " + log.infos);
        assertFalse(modelDescription(fmu).contains("<ModelExchange"));
        assertTrue(modelDescription(fmu).contains("<CoSimulation"));

        BuildMojo wrong = mojo(missions, fmus);
        wrong.interfaces = "cs,xx";
        MojoExecutionException e = assertThrows(MojoExecutionException.class, wrong::execute);
        assertTrue(e.getMessage().contains("<interfaces>") && e.getMessage().contains("'xx'"), e.getMessage());
    }

    private static String modelDescription(Path fmu) throws Exception {
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            return new String(zip.getInputStream(zip.getEntry("modelDescription.xml")).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void twoBuildsGiveByteIdenticalFmus() throws Exception {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION);
        mojo(missions, project.resolve("one")).execute();
        mojo(missions, project.resolve("two")).execute();
        assertArrayEquals(Files.readAllBytes(project.resolve("one/climb_and_fly.fmu")),
                Files.readAllBytes(project.resolve("two/climb_and_fly.fmu")));
    }

    @Test
    void theFmuOfARemovedMissionIsRemoved() throws Exception {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION,
                Projects.EXAMPLES.resolve("square-waypoints.json"));
        Path fmus = project.resolve("target/fmus");
        mojo(missions, fmus).execute();
        Files.delete(missions.resolve("square-waypoints.json"));

        mojo(missions, fmus).execute();

        assertFalse(Files.exists(fmus.resolve("square_waypoints.fmu")));
        assertTrue(Files.exists(fmus.resolve("climb_and_fly.fmu")));
    }

    @Test
    void aModelIdentifierForNoMissionIsAConfigurationError() {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION);
        BuildMojo mojo = mojo(missions, project.resolve("target/fmus"));
        mojo.modelIdentifiers = Map.of("climb", "Climb");
        MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);
        assertTrue(e.getMessage().contains("<modelIdentifiers> names climb, which is no mission of"), e.getMessage());
        assertFalse(Files.exists(project.resolve("target/fmus/climb_and_fly.fmu")));
    }

    /** Records attachments as type:classifier:file. */
    private final class RecordingHelper implements MavenProjectHelper {
        @Override
        public void attachArtifact(MavenProject project, String type, String classifier, File file) {
            attached.add(type + ":" + classifier + ":" + file);
        }

        @Override
        public void attachArtifact(MavenProject project, String type, File file) {
            throw new AssertionError("attached without classifier");
        }

        @Override
        public void attachArtifact(MavenProject project, File file, String classifier) {
            throw new AssertionError("attached without type");
        }

        @Override
        public void addResource(MavenProject project, String directory, List<String> includes,
                List<String> excludes) {
        }

        @Override
        public void addTestResource(MavenProject project, String directory, List<String> includes,
                List<String> excludes) {
        }
    }
}
