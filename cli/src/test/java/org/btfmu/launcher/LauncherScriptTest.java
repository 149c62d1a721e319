package org.btfmu.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's `bt-fmu` launcher on a first run: it builds quietly (one progress line, the
 * build's own output in a log file) and names the log with its end when the build fails. Maven and
 * Java are stand-ins on the PATH that talk like the real build (cc lines, colour codes), so the test
 * checks the script, not the build.
 */
class LauncherScriptTest {

    private static final String COMMAND_OUTPUT = "the command's own output";

    @TempDir Path root;

    @Test
    void firstRunPrintsOneProgressLineAndLogsTheBuild() throws Exception {
        Result first = launch(Map.of());
        assertEquals(0, first.exit, first.output);
        List<String> before = first.linesBeforeCommandOutput();
        assertTrue(before.size() <= 3, "at most three lines before the command's output: " + before);
        assertFalse(first.output.contains("\u001b"), "no raw escape codes: " + first.output);
        assertFalse(first.output.contains("gcc "), "no compiler command lines: " + first.output);
        assertTrue(first.output.contains("target/bt-fmu-build.log"), first.output);
        String log = Files.readString(root.resolve("target/bt-fmu-build.log"));
        assertTrue(log.contains("gcc -O2 -c shim.c"), "the build's output is kept in the log: " + log);

        Result second = launch(Map.of());
        assertEquals(List.of(), second.linesBeforeCommandOutput(), "no rebuild when nothing changed");
    }

    @Test
    void failedBuildNamesTheLogWithItsLastLinesAndStops() throws Exception {
        Result failed = launch(Map.of("FAKE_MVN_FAIL", "1"));
        assertNotEquals(0, failed.exit, failed.output);
        assertTrue(failed.output.contains(root.resolve("target/bt-fmu-build.log").toString()), failed.output);
        assertTrue(failed.output.contains("Foo.java:[3,4] cannot find symbol"), failed.output);
        assertFalse(failed.output.contains("\u001b"), failed.output);
        assertFalse(failed.output.contains(COMMAND_OUTPUT), "the command does not run: " + failed.output);
    }

    @Test
    void firstRunOfACommandListsItsClassesTheNextDumpsTheArchiveLaterRunsMapIt() throws Exception {
        Result build = launch(Map.of());
        assertTrue(build.output.contains(COMMAND_OUTPUT), build.output);
        javaCalls();
        Result dumping = launch(Map.of(), "simulate", "x.ssp");
        assertEquals(0, dumping.exit, dumping.output);
        assertTrue(dumping.output.contains(COMMAND_OUTPUT), dumping.output);
        List<String> calls = javaCalls();
        assertEquals(1, calls.size(), calls.toString());
        assertTrue(calls.get(0).startsWith(dumping.pid + " "), "the launcher execs java (same pid): " + calls);
        assertTrue(calls.get(0).contains("-XX:DumpLoadedClassList=" + root.resolve("cli/target/cds/simulate-")),
                calls.toString());
        List<Path> archives = archives();
        assertEquals(2, archives.size(), archives.toString());
        Path list = archives.get(0);
        assertTrue(list.getFileName().toString().matches("simulate-[0-9]+\\.jsa\\." + dumping.pid
                + "\\.classlist"), archives.toString());
        assertTrue(archives.get(1).getFileName().toString().matches("simulate-[0-9]+\\.jsa\\." + dumping.pid
                + "\\.ok"), "the command's mark of a run to the end: " + archives);

        Result keeping = launch(Map.of(), "simulate", "x.ssp");
        assertEquals(0, keeping.exit, keeping.output);
        assertEquals(List.of(), keeping.linesBeforeCommandOutput());
        calls = javaCalls();
        assertEquals(3, calls.size(), calls.toString());
        assertTrue(calls.get(0).contains("-Xshare:dump") && calls.get(0).contains("-XX:SharedClassListFile=" + list),
                "the archive is dumped from the first run's list: " + calls);
        assertTrue(calls.get(1).contains("-Xshare:on"), "the archive is tried before it is kept: " + calls);
        archives = archives();
        assertEquals(1, archives.size(), "the list, its mark and the dump's own name are gone: " + archives);
        assertTrue(archives.get(0).getFileName().toString().matches("simulate-[0-9]+\\.jsa"), archives.toString());
        assertEquals("archive of " + list + "\n", Files.readString(archives.get(0)));
        assertTrue(calls.get(2).startsWith(keeping.pid + " "), calls.toString());
        assertTrue(calls.get(2).contains("-XX:SharedArchiveFile=" + archives.get(0)), calls.toString());
        assertTrue(calls.get(2).endsWith("simulate x.ssp"), calls.toString());

        Result mapping = launch(Map.of(), "simulate", "x.ssp");
        assertEquals(0, mapping.exit, mapping.output);
        calls = javaCalls();
        assertEquals(1, calls.size(), calls.toString());
        assertTrue(calls.get(0).contains("-XX:SharedArchiveFile=" + archives.get(0)), calls.toString());

        Result off = launch(Map.of("BT_FMU_CDS", "off"), "simulate", "x.ssp");
        assertEquals(0, off.exit, off.output);
        calls = javaCalls();
        assertFalse(calls.get(0).contains("Archive"), calls.toString());
    }

    @Test
    void anArchiveOfAHelpOrAFailedRunIsNotKept() throws Exception {
        Result build = launch(Map.of());
        assertTrue(build.output.contains(COMMAND_OUTPUT), build.output);
        javaCalls();
        for (String help : List.of("--help", "-h", "--version", "-V")) {
            launch(Map.of(), "simulate", help);
            List<String> calls = javaCalls();
            assertFalse(calls.get(0).contains("Archive"), "no archive of a help run: " + calls);
        }
        assertEquals(List.of(), archives());

        Result failed = launch(Map.of("FAKE_EXIT", "3"), "simulate", "x.ssp");
        assertEquals(3, failed.exit, "the command's exit code, also when it writes the archive: " + failed.output);
        List<String> calls = javaCalls();
        assertTrue(calls.get(0).contains("-XX:DumpLoadedClassList="), calls.toString());
        assertEquals(1, archives().size(), "written, without the command's mark: " + archives());

        Result next = launch(Map.of(), "simulate", "x.ssp");
        assertEquals(0, next.exit, next.output);
        calls = javaCalls();
        assertEquals(1, calls.size(), "no archive of the failed run's list: " + calls);
        assertTrue(calls.get(0).contains("-XX:DumpLoadedClassList="), "written again: " + calls);
        assertEquals(2, archives().size(), "the failed run's list is gone: " + archives());
        launch(Map.of(), "simulate", "x.ssp");
        calls = javaCalls();
        assertTrue(calls.get(2).contains("-XX:SharedArchiveFile="), "the successful run's archive is used: " + calls);
        assertEquals(1, archives().size(), archives().toString());
    }

    @Test
    void anArchiveTheJvmCannotMapOrOfAnOlderJarIsNotUsed() throws Exception {
        Result build = launch(Map.of());
        assertTrue(build.output.contains(COMMAND_OUTPUT), build.output);
        javaCalls();
        for (String fault : List.of("FAKE_DUMP_FAIL", "FAKE_UNMAPPABLE")) {
            launch(Map.of(), "check", "m.json");
            javaCalls();
            Result refused = launch(Map.of(fault, "1"), "check", "m.json");
            assertEquals(0, refused.exit, refused.output);
            assertTrue(refused.output.contains(COMMAND_OUTPUT), refused.output);
            List<String> calls = javaCalls();
            assertTrue(calls.get(0).contains("-Xshare:dump"), calls.toString());
            assertFalse(calls.get(calls.size() - 1).contains("-XX:SharedArchiveFile="), fault + ": " + calls);
            assertTrue(calls.get(calls.size() - 1).contains("-XX:DumpLoadedClassList="), "listed again: " + calls);
            assertTrue(archives().stream().noneMatch(p -> p.toString().endsWith(".jsa") || p.toString().contains(
                    ".dumped")), fault + ": an archive the JVM did not write whole or refuses is not kept: " + archives());
            for (Path file : archives()) {
                Files.delete(file); // the next fault starts from a first run again
            }
        }
        launch(Map.of(), "check", "m.json");
        launch(Map.of(), "check", "m.json");
        Path archive = archives().get(0);
        assertTrue(archive.getFileName().toString().endsWith(".jsa"), archive.toString());
        javaCalls();

        // a rebuilt jar: the old archive is replaced
        Files.setLastModifiedTime(archive, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()
                - 30_000));
        Result rebuilt = launch(Map.of(), "check", "m.json");
        assertEquals(0, rebuilt.exit, rebuilt.output);
        List<String> calls = javaCalls();
        assertTrue(calls.get(0).contains("-XX:DumpLoadedClassList="), calls.toString());
        assertFalse(Files.exists(archive), "the archive of the older jar is removed");
        launch(Map.of(), "check", "m.json");
        assertEquals(List.of(archive), archives(), "the new one kept");
        assertTrue(Files.getLastModifiedTime(archive).toMillis() > System.currentTimeMillis() - 20_000);
    }

    private List<String> javaCalls() throws IOException {
        Path log = root.resolve("java-calls.log");
        List<String> calls = Files.readAllLines(log);
        Files.delete(log);
        return calls;
    }

    private List<Path> archives() throws IOException {
        Path dir = root.resolve("cli/target/cds");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    private Result launch(Map<String, String> env) throws IOException, InterruptedException {
        return launch(env, "--help");
    }

    private Result launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path script = root.resolve("bt-fmu");
        if (!Files.exists(script)) {
            Files.copy(Paths.get("..", "bt-fmu"), script);
            Files.createDirectories(root.resolve("cli/src/main/java"));
            Files.writeString(root.resolve("pom.xml"), "<project/>\n");
            Path bin = Files.createDirectories(root.resolve("fake-bin"));
            executable(bin.resolve("mvn"), """
                    #!/bin/sh
                    while [ "$1" != "-f" ]; do shift; done
                    top=$(dirname "$2")
                    printf '\\033[1;34m[INFO]\\033[0m Building bt-fmu\\n'
                    echo "gcc -O2 -c shim.c -o target/native-obj/shim.o"
                    echo "javac --release 17 -d target/boot RuntimeLoader.java" >&2
                    if [ -n "$FAKE_MVN_FAIL" ]; then
                      printf '\\033[1;31m[ERROR]\\033[0m Foo.java:[3,4] cannot find symbol\\n'
                      exit 1
                    fi
                    mkdir -p "$top/cli/target" && touch "$top/cli/target/bt-fmu.jar"
                    """);
            // Like java: writes the list named by -XX:DumpLoadedClassList, dumps the archive named by
            // -XX:SharedArchiveFile with -Xshare:dump (fails when FAKE_DUMP_FAIL is set, after
            // writing part of it), refuses an archive with -Xshare:on when FAKE_UNMAPPABLE is set.
            executable(bin.resolve("java"), """
                    #!/bin/sh
                    echo "$$ $*" >> "%s"
                    for a in "$@"; do
                      case "$a" in
                        -XX:DumpLoadedClassList=*) echo classes > "${a#-XX:DumpLoadedClassList=}" ;;
                        -XX:SharedClassListFile=*) list="${a#-XX:SharedClassListFile=}" ;;
                        -XX:SharedArchiveFile=*) archive="${a#-XX:SharedArchiveFile=}" ;;
                        -Dbtfmu.cds.ok=*) ok="${a#-Dbtfmu.cds.ok=}" ;;
                        -Xshare:dump) dump=1 ;;
                        -Xshare:on) [ -z "$FAKE_UNMAPPABLE" ] || exit 1; exit 0 ;;
                      esac
                    done
                    if [ -n "$dump" ]; then
                      echo "archive of $list" > "$archive"
                      [ -z "$FAKE_DUMP_FAIL" ] || exit 1
                      exit 0
                    fi
                    echo "%s"
                    # the command marks a run to the end with exit code 0 (ClassDataArchive)
                    [ "${FAKE_EXIT:-0}" != 0 ] || [ -z "$ok" ] || : > "$ok"
                    exit ${FAKE_EXIT:-0}
                    """.formatted(root.resolve("java-calls.log"), COMMAND_OUTPUT));
            // The jar must be newer than the sources for the second run to skip the build.
            Files.setLastModifiedTime(root.resolve("pom.xml"),
                    java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        }
        List<String> command = new java.util.ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", root.resolve("fake-bin") + ":" + System.getenv("PATH"));
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output, process.pid());
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Result(int exit, String output, long pid) {
        List<String> linesBeforeCommandOutput() {
            List<String> lines = output.lines().toList();
            int end = lines.indexOf(COMMAND_OUTPUT);
            return end < 0 ? lines : lines.subList(0, end);
        }
    }
}
