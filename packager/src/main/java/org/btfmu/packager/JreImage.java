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
import java.util.Optional;
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
 * (sun.misc.Unsafe): 46 MB unpacked, 15.6 MB deflated (JDK 17.0.15); from Temurin 25 with
 * its class-data sharing archive, 22.8 MB deflated (the FMU then has 25.2 MB).
 * The image is made from a JDK whose binaries need no glibc newer than 2.17 when
 * one is installed (see {@link #create}); the glibc it needs goes into
 * {@code documentation/externalDependencies.txt}.
 * BundledJreTest runs every example and C memory access in this image. {@code bin/java} stays so the runtime can be checked by hand.
 */
final class JreImage {

    static final List<String> MODULES = List.of("java.base", "java.logging", "jdk.unsupported");

    private JreImage() {
    }

    /**
     * A runtime image made: its Java version, the vendor of the JDK it was made from ("" if that
     * does not say) and the newest glibc its binaries need.
     */
    record Made(String version, String vendor, Optional<GlibcVersion> glibc) {
    }

    /**
     * Runs jlink into {@code directory} (which must not exist yet). The image comes from a
     * portable JDK when one is at hand: the JDK that runs the packager if its binaries need no
     * glibc newer than {@link GlibcVersion#BASELINE}, else the first such JDK (17 or newer, with
     * jlink) beside it (e.g. Temurin in /usr/lib/jvm, where Debian's OpenJDK needs 2.34), else
     * the packager's own. Either way the glibc the image needs is measured from its files.
     */
    static Made create(Path directory) throws FmuBuildException {
        Path own = Path.of(System.getProperty("java.home"));
        Path jdk = portableJdk(own).orElse(own);
        // The class-data sharing archive of the image's own classes: without it a jlink'ed
        // runtime starts the JVM without CDS, about 0.1 s slower (BENCHMARKS.md §4).
        List<String> arguments = List.of("--add-modules", String.join(",", MODULES),
                "--strip-debug", "--no-header-files", "--no-man-pages", "--generate-cds-archive",
                "--output", directory.toString());
        if (jdk.equals(own)) {
            jlinkInProcess(arguments);
        } else {
            jlinkProcess(jdk, arguments);
        }
        try {
            return new Made(release(directory, "JAVA_VERSION").orElse("unknown"),
                    release(jdk, "IMPLEMENTOR").orElse(""), glibcNeededBy(directory));
        } catch (IOException e) {
            throw new FmuBuildException("cannot read the runtime image made in " + directory + ": "
                    + e.getMessage(), e);
        }
    }

    private static void jlinkInProcess(List<String> arguments) throws FmuBuildException {
        ToolProvider jlink = ToolProvider.findFirst("jlink").orElseThrow(() -> new FmuBuildException(
                "--bundle-jre needs jlink, which this Java runtime lacks (" + System.getProperty("java.home")
                        + "); run bt-fmu with a full JDK 17 or newer"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        int exit = jlink.run(out, out, arguments.toArray(String[]::new));
        if (exit != 0) {
            throw jlinkFailed(exit, System.getProperty("java.home"), log.toString(StandardCharsets.UTF_8));
        }
    }

    private static void jlinkProcess(Path jdk, List<String> arguments) throws FmuBuildException {
        List<String> command = new ArrayList<>(List.of(jdk.resolve("bin/jlink").toString()));
        command.addAll(arguments);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String log = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = process.waitFor();
            if (exit != 0) {
                throw jlinkFailed(exit, jdk.toString(), log);
            }
        } catch (IOException e) {
            throw new FmuBuildException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FmuBuildException("interrupted while running " + command.get(0), e);
        }
    }

    private static FmuBuildException jlinkFailed(int exit, String jdk, String log) {
        return new FmuBuildException("jlink failed (exit " + exit + ") making the bundled runtime"
                + " from " + jdk + ": " + log.strip()
                + " (a JDK without its jmods folder cannot run jlink)");
    }

    /** The JDK to bundle from: {@code own} if portable, else the first portable one beside it. */
    static Optional<Path> portableJdk(Path own) {
        List<Path> candidates = new ArrayList<>(List.of(own));
        Path parent = own.toAbsolutePath().getParent();
        if (parent != null) {
            try (Stream<Path> siblings = Files.list(parent)) {
                siblings.filter(p -> !p.equals(own)).sorted().forEach(candidates::add);
            } catch (IOException e) {
                // an unreadable directory has no candidates
            }
        }
        return candidates.stream()
                .filter(home -> Files.isExecutable(home.resolve("bin/jlink"))
                        && Files.isRegularFile(home.resolve("lib/server/libjvm.so"))
                        && release(home, "JAVA_VERSION").map(JreImage::feature).orElse(0) >= 17)
                .filter(home -> {
                    try {
                        return glibcNeededBy(home.resolve("lib")).map(
                                v -> v.compareTo(GlibcVersion.BASELINE) <= 0).orElse(true);
                    } catch (IOException e) {
                        return false;
                    }
                })
                .findFirst();
    }

    /** The newest glibc the ELF files under {@code directory} need. */
    static Optional<GlibcVersion> glibcNeededBy(Path directory) throws IOException {
        List<ElfFile> binaries = new ArrayList<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                if (ElfFile.isElf(file)) {
                    binaries.add(ElfFile.read(file));
                }
            }
        }
        return GlibcVersion.neededBy(binaries);
    }

    /** A value of a runtime's {@code release} file, e.g. JAVA_VERSION "17.0.15". */
    static Optional<String> release(Path home, String key) {
        try (Stream<String> lines = Files.lines(home.resolve("release"))) {
            return lines.filter(line -> line.startsWith(key + "="))
                    .map(line -> line.substring(key.length() + 1).replace("\"", ""))
                    .findFirst();
        } catch (IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static int feature(String version) {
        String digits = version.split("[^0-9]", 2)[0];
        return digits.isEmpty() ? 0 : Integer.parseInt(digits);
    }

    /**
     * The CDS archive for heaps without compressed object pointers (over 32 GB): the guest
     * JVM's heap is far smaller, so it is left out (3.8 MB); such a JVM starts without CDS.
     */
    static final String UNUSED_CDS_ARCHIVE = "lib/server/classes_nocoops.jsa";

    /** The image's files as archive entries under {@code prefix}, in path order. */
    static List<FmuArchive.Entry> entries(Path directory, String prefix) throws IOException {
        List<FmuArchive.Entry> entries = new ArrayList<>();
        try (Stream<Path> files = Files.walk(directory)) {
            List<Path> sorted = files.filter(Files::isRegularFile)
                    .filter(p -> !relative(directory, p).equals(UNUSED_CDS_ARCHIVE))
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
