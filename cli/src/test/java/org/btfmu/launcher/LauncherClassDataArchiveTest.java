package org.btfmu.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class-data archive with the real JVM (LauncherScriptTest has a stand-in java):
 * the flags it passes are ones this JVM takes, the first run lists its classes, the second dumps
 * the archive and the third maps it, and none of it prints anything. The command is a small jar
 * of its own that marks a run to the end as the CLI does.
 */
class LauncherClassDataArchiveTest {

    @TempDir Path root;

    @Test
    void theRealJvmListsDumpsAndMapsTheArchiveSilently() throws Exception {
        Path script = root.resolve("bt-fmu");
        Files.copy(Paths.get("..", "bt-fmu"), script);
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(root.resolve("fake-bin"));
        Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho 'no build expected' >&2\nexit 9\n");
        Files.setPosixFilePermissions(bin.resolve("mvn"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jar = commandJar(Files.createDirectories(root.resolve("cli/target")).resolve("bt-fmu.jar"));
        // the jar newer than the sources: the launcher must not build
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Path cds = root.resolve("cli/target/cds");

        Result listing = launch(Map.of(), "simulate", "x.ssp");
        assertEquals(List.of("ran simulate x.ssp"), listing.lines, "only the command's output: " + listing.lines);
        assertEquals(0, listing.exit);
        List<String> files = names(cds);
        assertEquals(2, files.size(), files.toString());
        assertTrue(files.get(0).matches("simulate-[0-9]+\\.jsa\\.[0-9]+\\.classlist"), files.toString());
        assertTrue(Files.readString(cds.resolve(files.get(0))).contains("probe/Main"),
                "the command's own class is in the list");

        Result dumping = launch(Map.of(), "simulate", "x.ssp");
        assertEquals(List.of("ran simulate x.ssp"), dumping.lines, "the dump prints nothing: " + dumping.lines);
        files = names(cds);
        assertEquals(1, files.size(), files.toString());
        assertTrue(files.get(0).matches("simulate-[0-9]+\\.jsa"), files.toString());

        Result mapping = launch(Map.of("BT_FMU_JAVA_OPTS", "-Xlog:class+load=info"), "simulate", "y.ssp");
        assertEquals(0, mapping.exit, mapping.lines.toString());
        assertTrue(mapping.lines.contains("ran simulate y.ssp"), mapping.lines.toString());
        assertTrue(mapping.lines.stream().anyMatch(l -> l.contains("probe.Main source: shared objects file")),
                "the command's class comes from the archive: " + mapping.lines.stream()
                        .filter(l -> l.contains("probe.")).toList());
        assertEquals(files, names(cds), "nothing more written");
        assertTrue(Files.getLastModifiedTime(cds.resolve(files.get(0))).compareTo(Files.getLastModifiedTime(jar)) > 0);
    }

    /** A jar whose main prints its arguments and writes the launcher's mark, as BtFmu does after a run to the end. */
    private Path commandJar(Path jar) throws IOException {
        Path src = Files.createDirectories(root.resolve("probe-src/probe"));
        Files.writeString(src.resolve("Main.java"), """
                package probe;

                public class Main {
                    public static void main(String[] args) throws Exception {
                        System.out.println("ran " + String.join(" ", args));
                        String mark = System.getProperty("btfmu.cds.ok");
                        if (mark != null) {
                            java.nio.file.Files.write(java.nio.file.Path.of(mark), new byte[0]);
                        }
                    }
                }
                """);
        Path classes = Files.createDirectories(root.resolve("probe-classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "--release", "17", "-d", classes.toString(),
                src.resolve("Main.java").toString()));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "probe.Main");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("probe/Main.class"));
            out.write(Files.readAllBytes(classes.resolve("probe/Main.class")));
            out.closeEntry();
        }
        return jar;
    }

    private Result launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", root.resolve("bt-fmu").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // the JVM running this test is the one the launcher finds first
        builder.environment().put("PATH", root.resolve("fake-bin") + ":" + Path.of(System.getProperty("java.home"),
                "bin") + ":" + System.getenv("PATH"));
        builder.environment().remove("BT_FMU_CDS");
        builder.environment().remove("BT_FMU_JAVA_OPTS");
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output.lines().toList());
    }

    private static List<String> names(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private record Result(int exit, List<String> lines) {
    }
}
