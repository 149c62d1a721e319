package org.btfmu.packager;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * A minimal Java runtime made with jlink from the JDK that runs the packager,
 * for {@code --bundle-jre}: the FMU then runs where no Java is installed (the
 * shim looks for {@code resources/jre/lib/server/libjvm.so}).
 *
 * <p>The modules: {@code jdeps --print-module-deps} on the runtime jar names
 * java.base, java.desktop, java.sql and jdk.unsupported. java.desktop is
 * referenced only by Jackson's optional java.beans support, java.sql only by
 * Jackson's optional SQL date handlers; the FMU uses neither, so the image holds
 * java.base, java.logging (Jackson's logging) and jdk.unsupported
 * (sun.misc.Unsafe): 46 MB unpacked, 15.6 MB deflated (JDK 17.0.15).
 * BundledJreTest runs every example and C memory access in this image. {@code bin/java} stays so the runtime can be checked by hand.
 */
final class JreImage {

    static final List<String> MODULES = List.of("java.base", "java.logging", "jdk.unsupported");

    private JreImage() {
    }

    /** Runs jlink into {@code directory} (which must not exist yet). */
    static void create(Path directory) throws FmuBuildException {
        ToolProvider jlink = ToolProvider.findFirst("jlink").orElseThrow(() -> new FmuBuildException(
                "--bundle-jre needs jlink, which this Java runtime lacks (" + System.getProperty("java.home")
                        + "); run bt-fmu with a full JDK 17 or newer"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        int exit = jlink.run(out, out,
                "--add-modules", String.join(",", MODULES),
                "--strip-debug", "--no-header-files", "--no-man-pages",
                "--output", directory.toString());
        if (exit != 0) {
            throw new FmuBuildException("jlink failed (exit " + exit + ") making the bundled runtime"
                    + " from " + System.getProperty("java.home") + ": "
                    + log.toString(StandardCharsets.UTF_8).strip()
                    + " (a JDK without its jmods folder cannot run jlink)");
        }
    }

    /** The image's files as archive entries under {@code prefix}, in path order. */
    static List<FmuArchive.Entry> entries(Path directory, String prefix) throws IOException {
        List<FmuArchive.Entry> entries = new ArrayList<>();
        try (Stream<Path> files = Files.walk(directory)) {
            List<Path> sorted = files.filter(Files::isRegularFile)
                    .sorted(Comparator.comparing(p -> relative(directory, p)))
                    .toList();
            for (Path file : sorted) {
                entries.add(new FmuArchive.Entry(prefix + relative(directory, file),
                        () -> Files.newInputStream(file), Files.isExecutable(file)));
            }
        }
        return entries;
    }

    /** Deletes a directory tree (the temporary image after the FMU is written). */
    static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String relative(Path directory, Path file) {
        return directory.relativize(file).toString().replace(File.separatorChar, '/');
    }
}
