package org.btfmu.fmu;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The runtime's class-data sharing archive in the per-user cache (docs/where-the-fmu-runs.md "Start-up"), made the
 * first time an FMU of this runtime starts a JVM on this JVM build, so that later processes
 * start in about half the time.
 *
 * <p>A JDK 17 JVM writes a dynamic archive only when it exits, and the JVM inside an importer
 * never exits in order. So a separate {@code java} process of the same Java installation makes
 * it: it runs {@link ClassDataWarmUp} on a copy of this FMU's resources with a copy of the
 * runtime's jars on its class path, and the archive is written under a temporary name and
 * renamed when complete. The shim starts later JVMs with that archive and that class path; the
 * JVM checks both and runs without the archive if they do not match it. Nothing here may fail
 * an instantiation: whatever goes wrong only means no archive.
 *
 * <p>The cache directory (from the shim, {@code btfmu.classDataCache}) holds: {@code lib/} (the
 * jars and SHA256SUMS), {@code classpath}, {@code warm-up/} (the FMU's resource files),
 * {@code creating} (while a process makes the archive), {@code classes.jsa}, or {@code failed}
 * (the making process's output) after which it is not tried again.
 */
final class ClassDataArchive {

    static final String CACHE_PROPERTY = "btfmu.classDataCache";
    /** The resources of the FMU that started the JVM: the cache is named for its runtime. */
    static final String RUNTIME_PROPERTY = "btfmu.classDataRuntime";
    static final String ARCHIVE = "classes.jsa";
    static final String FAILED = "failed";
    static final String CREATING = "creating";
    /** A lock older than this (ms) belongs to a process that died (making takes about a second). */
    static final long STALE_MILLIS = 10 * 60 * 1000;

    /*
     * The class is initialised at every process's first fmi2Instantiate, on the importer's thread,
     * interpreted: nothing here that drags in more of the JDK than the archive check needs (no
     * Duration, no AtomicBoolean and its VarHandle).
     */
    private static boolean tried;

    private static synchronized boolean firstTry() {
        boolean first = !tried;
        tried = true;
        return first;
    }

    private ClassDataArchive() {
    }

    /**
     * Once per JVM and runtime: starts making the archive if the shim asked for one, there is
     * none, and this FMU's runtime is the one the cache is for (another runtime in the same
     * JVM, e.g. an FMU built by another version, must not fill it).
     */
    static void makeOnce(Path resources, ImporterLog log) {
        String cache = System.getProperty(CACHE_PROPERTY);
        String runtime = System.getProperty(RUNTIME_PROPERTY);
        if (cache == null || runtime == null || !firstTry()) {
            return;
        }
        if (new File(cache, ARCHIVE).exists()) {
            return; // made before: the usual case, one stat (the shim started this JVM with it if it fits)
        }
        try {
            if (!sameRuntime(Path.of(runtime), resources)) {
                return;
            }
            Path directory = Path.of(cache);
            String outcome = make(directory, resources, Path.of(System.getProperty("java.home")));
            if (outcome != null && log.enabled(LogCategory.CALLS)) {
                log.log(ImporterLog.OK, LogCategory.CALLS, "fmi2Instantiate: " + outcome);
            }
        } catch (IOException | RuntimeException e) {
            if (log.enabled(LogCategory.CALLS)) {
                log.log(ImporterLog.OK, LogCategory.CALLS, "fmi2Instantiate: no class-data archive in "
                        + cache + " (" + e + "); Java starts without one");
            }
        }
    }

    /** Whether the FMUs in the two resources directories carry byte-identical runtimes. */
    static boolean sameRuntime(Path resources, Path other) throws IOException {
        return Arrays.equals(Files.readAllBytes(resources.resolve("lib/SHA256SUMS")),
                Files.readAllBytes(other.resolve("lib/SHA256SUMS")));
    }

    /**
     * Starts the archiving process for the FMU in resources with the Java installation in
     * javaHome, unless the directory has an archive, a failure or a live lock. Returns what it
     * did, or null when there was nothing to do.
     */
    static String make(Path directory, Path resources, Path javaHome) throws IOException {
        if (Files.exists(directory.resolve(ARCHIVE)) || Files.exists(directory.resolve(FAILED))) {
            return null;
        }
        Files.createDirectories(directory);
        if (!lock(directory.resolve(CREATING))) {
            return null;
        }
        boolean started = false;
        try {
            List<String> classPath = copyJars(resources.resolve("lib"), directory.resolve("lib"));
            copyFiles(resources, directory.resolve("warm-up"));
            replace(directory.resolve("classpath"), String.join(File.pathSeparator, classPath) + "\n");
            start(directory, javaHome, classPath);
            started = true;
            return "making the class-data archive of this runtime in " + directory
                    + " (a separate java process) for faster start-up of later processes";
        } finally {
            if (!started) {
                Files.deleteIfExists(directory.resolve(CREATING));
            }
        }
    }

    /** Takes the lock, or a stale one; false while another process holds it. */
    private static boolean lock(Path lock) throws IOException {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                Files.createFile(lock);
                return true;
            } catch (FileAlreadyExistsException held) {
                FileTime since = Files.getLastModifiedTime(lock);
                if (System.currentTimeMillis() - since.toMillis() < STALE_MILLIS) {
                    return false;
                }
                Files.deleteIfExists(lock);
            }
        }
        return false;
    }

    /**
     * The runtime's jars and SHA256SUMS, copied once: the archive records each jar's size and
     * time, so a copy that an archive was made from is never rewritten. Returns the jars' paths.
     */
    private static List<String> copyJars(Path from, Path to) throws IOException {
        List<String> jars = new ArrayList<>();
        boolean present = Files.isRegularFile(to.resolve("SHA256SUMS"));
        Files.createDirectories(to);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(from, "*.jar")) {
            for (Path jar : files) {
                Path copy = to.resolve(jar.getFileName());
                if (!present) {
                    copy(jar, copy);
                }
                jars.add(copy.toAbsolutePath().toString());
            }
        }
        if (!present) {
            copy(from.resolve("SHA256SUMS"), to.resolve("SHA256SUMS")); // last: marks lib complete
        }
        jars.sort(null); // the shim's order: by name
        return jars;
    }

    /** The regular files of the FMU's resources (mission, GUID, interfaces): what it reads. */
    private static void copyFiles(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(from, Files::isRegularFile)) {
            for (Path file : files) {
                copy(file, to.resolve(file.getFileName()));
            }
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        Path partial = to.resolveSibling(to.getFileName() + ".partial");
        Files.copy(from, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void replace(Path file, String text) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, text);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * A runtime bundled in the FMU loses its programs' execute permission when the importer
     * extracts the FMU without the permissions the archive stores (Python's zipfile does):
     * given back for the owner, as jlink made them. The JVM itself needs none (it is loaded).
     */
    private static void executable(Path program) throws IOException {
        if (Files.isRegularFile(program) && !Files.isExecutable(program)) {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(program);
            permissions.add(PosixFilePermission.OWNER_EXECUTE);
            Files.setPosixFilePermissions(program, permissions);
        }
    }

    /**
     * How a JVM of the given feature version writes the archive. JDK 25 and newer write an AOT
     * cache (JEP 483, 514): its classes are loaded and linked ahead of time, which halves the
     * interpreted start of fmi2Instantiate on the importer's thread against a dynamic archive
     * (BENCHMARKS.md §6 "The start"); the shim passes it as -XX:SharedArchiveFile like the
     * dynamic archive of older JDKs, and the JVM checks it in the same way. AOTCacheOutput
     * refuses any -Xshare option, and an AOT cache is refused (with an error on the host's
     * stderr, and then without even the JDK's own archive) unless the module options are the
     * shim's (options.c).
     */
    static List<String> archiveOptions(int feature, String file) {
        return feature >= 25 ? List.of("--enable-native-access=ALL-UNNAMED", "-XX:AOTCacheOutput=" + file)
                : List.of("-Xshare:auto", "-XX:ArchiveClassesAtExit=" + file);
    }

    /**
     * The archiving process, through sh so that it finishes (renames the archive, or records
     * the failure, and drops the lock) even when the importer's process ends first. (The
     * importer's PATH may lack mv and rm.)
     */
    private static void start(Path directory, Path javaHome, List<String> classPath) throws IOException {
        String temporary = ARCHIVE + "." + ProcessHandle.current().pid() + ".tmp";
        String script = "PATH=/usr/bin:/bin:$PATH; \"$@\" > archive.log 2>&1 && mv -f " + temporary + " " + ARCHIVE
                + " || mv -f archive.log " + FAILED + "; rm -f " + temporary + " " + CREATING;
        Path java = javaHome.resolve("bin/java");
        executable(java);
        executable(javaHome.resolve("lib/jspawnhelper")); // what ProcessBuilder starts first
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", script, "bt-fmu-class-data",
                java.toString()));
        // The options the archive must share with the shim's JVM (the class pointers' encoding
        // follows the heap's size); the rest are for a quiet, short process.
        command.addAll(List.of("-XX:+UseSerialGC", "-Xmx256m", "-Xrs", "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1"));
        command.addAll(archiveOptions(Runtime.version().feature(), temporary));
        command.addAll(List.of("-Djava.class.path="
                + String.join(File.pathSeparator, classPath), ClassDataWarmUp.class.getName(),
                "warm-up"));
        new ProcessBuilder(command).directory(directory.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
