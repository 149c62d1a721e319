package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FmuPackagerTest {

    @TempDir
    Path dir;

    private static FmuPackager packager() {
        return new FmuPackager(Fixtures.runtime());
    }

    private Path build(Mission mission, String name) throws Exception {
        Path out = dir.resolve(name);
        packager().build(mission, new FmuPackager.Options(null, false), out);
        return out;
    }

    @Test
    void theWin64ShimGoesBesideLinux64AndExternalDependenciesSaysWhetherThereIsOne() throws Exception {
        byte[] dll = "stand-in DLL".getBytes(StandardCharsets.UTF_8);
        RuntimeFiles files = Fixtures.runtime();
        Path with = dir.resolve("with.fmu");
        new FmuPackager(new RuntimeFiles(files.shim(), files.runtimeJar(), () -> new ByteArrayInputStream(dll)))
                .build(TestMissions.everything(), new FmuPackager.Options("w", false), with);
        Path without = dir.resolve("without.fmu");
        new FmuPackager(new RuntimeFiles(files.shim(), files.runtimeJar(), null))
                .build(TestMissions.everything(), new FmuPackager.Options("w", false), without);
        try (ZipFile a = new ZipFile(with.toFile()); ZipFile b = new ZipFile(without.toFile())) {
            assertArrayEquals(dll, a.getInputStream(a.getEntry("binaries/win64/w.dll")).readAllBytes());
            assertTrue(new String(a.getInputStream(a.getEntry("documentation/externalDependencies.txt")).readAllBytes(),
                    StandardCharsets.UTF_8).contains("Windows x64: binaries/win64/w.dll needs only Windows system"));
            assertNull(b.getEntry("binaries/win64/w.dll"));
            assertTrue(new String(b.getInputStream(b.getEntry("documentation/externalDependencies.txt")).readAllBytes(),
                    StandardCharsets.UTF_8).contains("this FMU has no Windows x64 binary"));
        }
    }

    @Test
    void anFmi3FmuCarriesTheFmi3ShimsWindowsBuildInX8664Windows() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(RuntimeFiles.fmi3Win64Shim() != null,
                "win64 SKIPPED: the build had no MinGW-w64, so there is no FMI 3.0 Windows shim");
        Path fmu = dir.resolve("fmi3.fmu");
        packager().build(TestMissions.everything(), new FmuPackager.Options("w3", false,
                EnumSet.allOf(FmuInterface.class), FmiVersion.FMI3), fmu);
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            byte[] dll = zip.getInputStream(zip.getEntry("binaries/x86_64-windows/w3.dll")).readAllBytes();
            try (InputStream shim = RuntimeFiles.fmi3Win64Shim().open()) {
                assertArrayEquals(shim.readAllBytes(), dll, "the FMI 3.0 shim, not the FMI 2.0 one");
            }
            assertNull(zip.getEntry("binaries/win64/w3.dll"), "FMI 3.0 names the folder x86_64-windows");
            assertTrue(new String(zip.getInputStream(zip.getEntry("documentation/externalDependencies.txt"))
                    .readAllBytes(), StandardCharsets.UTF_8).contains("Windows x64: binaries/x86_64-windows/w3.dll"));
        }
    }

    @Test
    void layoutFollowsTheFmiDistributionRules() throws Exception {
        Path fmu = build(TestMissions.everything(), "square.fmu");
        List<String> names = names(fmu);
        assertEquals("modelDescription.xml", names.get(0));
        List<String> expected = new ArrayList<>(List.of("modelDescription.xml", "binaries/", "binaries/linux64/",
                "binaries/linux64/everything_plan.so", "documentation/", "documentation/index.html",
                "documentation/externalDependencies.txt", "resources/", "resources/guid.txt",
                "resources/interfaces.txt", "resources/mission.json", "resources/lib/", "resources/lib/bt-fmu-runtime.jar",
                "resources/lib/SHA256SUMS"));
        if (Fixtures.runtime().win64Shim() != null) { // the build had MinGW-w64
            expected.addAll(4, List.of("binaries/win64/", "binaries/win64/everything_plan.dll"));
        }
        assertEquals(expected, names);
        assertArrayEquals(Fixtures.shimBytes(), read(fmu, "binaries/linux64/everything_plan.so"));
        assertArrayEquals(Fixtures.runtimeJarBytes(), read(fmu, "resources/lib/bt-fmu-runtime.jar"));
        assertEquals(TestMissions.everything().sourceText(), text(fmu, "resources/mission.json"));
        // sha256sum's format: the shim shares one class loader between FMUs whose files are equal
        String digest = HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(Fixtures.runtimeJarBytes()));
        assertEquals(digest + "  bt-fmu-runtime.jar\n", text(fmu, "resources/lib/SHA256SUMS"));
    }

    @Test
    void defaultPackagerCarriesTheBuiltShimAndRuntimeJar() throws Exception {
        Path fmu = dir.resolve("minimal.fmu");
        new FmuPackager().build(TestMissions.minimal(), new FmuPackager.Options(null, false), fmu);
        assertArrayEquals(Fixtures.shimBytes(), read(fmu, "binaries/linux64/minimal.so"));
        byte[] jar = read(fmu, "resources/lib/bt-fmu-runtime.jar");
        List<String> classes = new ArrayList<>();
        try (java.util.zip.ZipInputStream in = new java.util.zip.ZipInputStream(
                new ByteArrayInputStream(jar))) {
            for (java.util.zip.ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                classes.add(e.getName());
            }
        }
        for (String needed : List.of("org/btfmu/fmu/ModelVariables.class",
                "org/btfmu/fmu/ImporterLogger.class", "org/btfmu/mission/MissionLoader.class",
                "com/fasterxml/jackson/databind/ObjectMapper.class")) {
            assertTrue(classes.contains(needed), needed);
        }
        assertFalse(classes.stream().anyMatch(c -> c.startsWith("org/btfmu/packager/")),
                "the packager stays out of the FMU");
        assertFalse(classes.stream().anyMatch(c -> c.startsWith("com/sun/jna/")),
                "the shim calls the importer's logger: no JNA in the FMU");
    }

    @Test
    void archiveIsDeflateOnlyWithoutZip64OrDataDescriptors() throws Exception {
        Path fmu = build(TestMissions.everything(), "square.fmu");
        try (ZipFile zip = ZipFile.builder().setPath(fmu).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
                assertEquals(ZipArchiveEntry.DEFLATED, entry.getMethod(), entry.getName());
                assertFalse(entry.getGeneralPurposeBit().usesDataDescriptor(), entry.getName());
                assertFalse(entry.getGeneralPurposeBit().usesEncryption(), entry.getName());
                assertTrue(entry.getVersionRequired() <= 20, entry.getName());
                // No extra fields at all: no ZIP64 sizes, no time stamps beyond the DOS one.
                assertEquals(0, entry.getExtraFields(true).length, entry.getName());
                assertFalse(entry.getName().contains("\\"), entry.getName());
                assertFalse(entry.isUnixSymlink(), entry.getName());
            }
        }
        byte[] bytes = Files.readAllBytes(fmu);
        // End of central directory right at the end (no comment), no ZIP64 locator before it.
        assertEquals(0x06054b50, le32(bytes, bytes.length - 22));
        assertNotEquals(0x07064b50, le32(bytes, bytes.length - 22 - 20));
    }

    @Test
    void sameMissionGivesByteIdenticalFmuInAnyTimeZone() throws Exception {
        TimeZone saved = TimeZone.getDefault();
        byte[] first;
        byte[] second;
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
            first = Files.readAllBytes(build(TestMissions.everything(), "a.fmu"));
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
            second = Files.readAllBytes(build(TestMissions.everything(), "b.fmu"));
        } finally {
            TimeZone.setDefault(saved);
        }
        assertArrayEquals(first, second);
    }

    @Test
    void guidIsInTheDescriptionAndInGuidTxt() throws Exception {
        Path out = dir.resolve("square.fmu");
        FmuPackager.BuiltFmu built = packager().build(TestMissions.everything(),
                new FmuPackager.Options(null, false), out);
        assertTrue(built.guid().matches("\\{[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}}"),
                built.guid());
        assertEquals(built.guid(), text(out, "resources/guid.txt"));
        String description = text(out, "modelDescription.xml");
        assertTrue(description.contains("guid=\"" + built.guid() + "\""), description);
        assertEquals(Files.size(out), built.size());
    }

    @Test
    void anyChangeOfContentChangesTheGuid() throws Exception {
        FmuPackager packager = packager();
        String base = packager.build(TestMissions.everything(), new FmuPackager.Options(null, false),
                dir.resolve("a.fmu")).guid();
        String otherMission = packager.build(TestMissions.everythingWithOtherRadius(),
                new FmuPackager.Options(null, false), dir.resolve("b.fmu")).guid();
        String otherIdentifier = packager.build(TestMissions.everything(),
                new FmuPackager.Options("Other", false), dir.resolve("c.fmu")).guid();
        String otherRuntime = new FmuPackager(new RuntimeFiles(Fixtures.runtime().shim(),
                () -> new ByteArrayInputStream("another runtime".getBytes(StandardCharsets.UTF_8))))
                .build(TestMissions.everything(), new FmuPackager.Options(null, false),
                        dir.resolve("d.fmu")).guid();
        assertEquals(4, Stream.of(base, otherMission, otherIdentifier, otherRuntime).distinct().count(),
                List.of(base, otherMission, otherIdentifier, otherRuntime).toString());
    }

    @Test
    void toolFingerprintFollowsTheRuntimeAndTheShim() throws Exception {
        String base = packager().toolFingerprint();
        assertEquals(base, packager().toolFingerprint());
        String otherRuntime = new FmuPackager(new RuntimeFiles(Fixtures.runtime().shim(),
                () -> new ByteArrayInputStream("another runtime".getBytes(StandardCharsets.UTF_8))))
                .toolFingerprint();
        String otherShim = new FmuPackager(new RuntimeFiles(
                () -> new ByteArrayInputStream("another shim".getBytes(StandardCharsets.UTF_8)),
                Fixtures.runtime().runtimeJar())).toolFingerprint();
        assertEquals(3, Stream.of(base, otherRuntime, otherShim).distinct().count(),
                List.of(base, otherRuntime, otherShim).toString());
    }

    @Test
    void failedBuildLeavesNoFileAndKeepsAnOlderOne() throws Exception {
        Path fresh = dir.resolve("fresh.fmu");
        IOException e = assertThrows(IOException.class, () -> new FmuPackager(failingWhileWriting())
                .build(TestMissions.everything(), new FmuPackager.Options(null, false), fresh));
        assertEquals("disk unplugged", e.getMessage());
        assertEquals(List.of(), list(dir));

        Path existing = build(TestMissions.minimal(), "existing.fmu");
        byte[] before = Files.readAllBytes(existing);
        assertThrows(IOException.class, () -> new FmuPackager(failingWhileWriting())
                .build(TestMissions.everything(), new FmuPackager.Options(null, false), existing));
        assertArrayEquals(before, Files.readAllBytes(existing));
        assertEquals(List.of(existing), list(dir));
    }

    /** A runtime jar that reads fine once (for the GUID) and fails half-way the second time. */
    private static RuntimeFiles failingWhileWriting() {
        int[] opens = {0};
        return new RuntimeFiles(Fixtures.runtime().shim(), () -> {
            boolean fail = ++opens[0] > 1;
            return new InputStream() {
                private int left = 100_000;

                @Override
                public int read() throws IOException {
                    if (left <= 0) {
                        if (fail) {
                            throw new IOException("disk unplugged");
                        }
                        return -1;
                    }
                    left--;
                    return 7;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int c = read();
                    if (c < 0) {
                        return -1;
                    }
                    b[off] = (byte) c;
                    return 1;
                }
            };
        });
    }

    @Test
    void badModelIdentifierIsRejectedBeforeAnythingIsWritten() {
        for (String bad : List.of("", "2fast", "my-model", "static", "x.y", "Gr\u00fc\u00dfe")) {
            FmuBuildException e = assertThrows(FmuBuildException.class, () -> packager()
                    .build(TestMissions.everything(), new FmuPackager.Options(bad, false),
                            dir.resolve("x.fmu")), bad);
            assertTrue(e.getMessage().contains("identifier"), e.getMessage());
        }
        assertFalse(Files.exists(dir.resolve("x.fmu")));
    }

    @Test
    void missionsAnFmuCannotBeMadeFromAreBuildErrors() {
        Mission minimal = TestMissions.minimal();
        Mission empty = new Mission(minimal.name(), null, List.of(), minimal.tree(), false,
                minimal.processing(), minimal.sourceText());
        Mission noSource = new Mission(minimal.name(), null, minimal.variables(), minimal.tree(),
                false, minimal.processing(), null);
        for (Mission mission : List.of(empty, noSource)) {
            assertThrows(FmuBuildException.class, () -> packager().build(mission,
                    new FmuPackager.Options(null, false), dir.resolve("x.fmu")));
        }
        assertFalse(Files.exists(dir.resolve("x.fmu")));
    }

    @Test
    void missingOutputDirectoryIsABuildError() {
        FmuBuildException e = assertThrows(FmuBuildException.class, () -> packager()
                .build(TestMissions.everything(), new FmuPackager.Options(null, false),
                        dir.resolve("no/such/dir/x.fmu")));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void documentationListsEveryVariableAndHowJavaIsFound() throws Exception {
        Path fmu = build(TestMissions.everything(), "square.fmu");
        String index = text(fmu, "documentation/index.html");
        for (ModelVariables.Entry entry : ModelVariables.of(TestMissions.everything()).entries()) {
            assertTrue(index.contains("<code>" + Markup.escape(entry.name()) + "</code>"), entry.name());
        }
        assertTrue(index.contains("text that needs &quot;escaping&quot; &lt;in XML&gt; &amp; HTML."), index);
        String dependencies = text(fmu, "documentation/externalDependencies.txt");
        for (String word : List.of("BTFMU_LIBJVM", "JAVA_HOME", "resources/jre/lib/server/libjvm.so",
                "PATH", "17", "everything_plan.so")) {
            assertTrue(dependencies.contains(word), word);
        }
    }

    @Test
    void documentationDescribesModelExchangeOnlyWhenTheFmuOffersIt() throws Exception {
        String both = text(build(TestMissions.everything(), "both.fmu"), "documentation/index.html");
        assertTrue(both.contains("FMI 2.0 Model Exchange and Co-Simulation FMU"), both);
        assertTrue(both.contains("<h2>Model Exchange</h2>") && both.contains("nextEventTime"), both);
        Path csOnly = dir.resolve("cs.fmu");
        packager().build(TestMissions.everything(),
                new FmuPackager.Options(null, false, EnumSet.of(FmuInterface.CO_SIMULATION)), csOnly);
        String cs = text(csOnly, "documentation/index.html");
        assertTrue(cs.contains("FMI 2.0 Co-Simulation FMU"), cs);
        assertFalse(cs.contains("Model Exchange"), cs);
    }

    @Test
    void documentationGivesTheMissionsBoundsAndWhatExceedingThemReturnsPerInterface() {
        Mission bounded = org.btfmu.mission.MissionLoader.load(TestMissions.text("minimal.json")
                .replaceFirst("\\{", "{\"maxSweepsPerInstant\": 77, \"maxEventsPerStep\": 500,"), "bounded.json");
        ModelVariables variables = ModelVariables.of(bounded);
        String both = Documentation.indexHtml(bounded, variables, "m", "tool", EnumSet.allOf(FmuInterface.class));
        for (String words : List.of("<h2>Bounded work per call</h2>", "at most 77 event iterations",
                "at most 500 time events", "left limit", "<code>fmi2Discard</code>;", "fmi2LastSuccessfulTime",
                "logStatusDiscard", "<code>fmi2NewDiscreteStates</code> (for which FMI 2.0 has no")) {
            assertTrue(both.contains(words), words + " in: " + both);
        }
        String cs = Documentation.indexHtml(bounded, variables, "m", "tool", EnumSet.of(FmuInterface.CO_SIMULATION));
        assertTrue(cs.contains("fmi2LastSuccessfulTime") && !cs.contains("fmi2NewDiscreteStates"), cs);
        String me = Documentation.indexHtml(bounded, variables, "m", "tool", EnumSet.of(FmuInterface.MODEL_EXCHANGE));
        assertTrue(me.contains("at most 77 event iterations") && me.contains("fmi2NewDiscreteStates"), me);
        assertFalse(me.contains("fmi2LastSuccessfulTime") || me.contains("500"), "no steps in Model Exchange: " + me);
    }

    static List<String> names(Path fmu) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipFile zip = ZipFile.builder().setPath(fmu).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntriesInPhysicalOrder())) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    static byte[] read(Path fmu, String name) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(fmu).get();
                InputStream in = zip.getInputStream(zip.getEntry(name))) {
            return in.readAllBytes();
        }
    }

    static String text(Path fmu, String name) throws IOException {
        return new String(read(fmu, name), StandardCharsets.UTF_8);
    }

    private static List<Path> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16
                | (b[at + 3] & 0xff) << 24;
    }
}
