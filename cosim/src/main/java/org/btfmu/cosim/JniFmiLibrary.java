package org.btfmu.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Our JNI library for the master's per-step FMI calls (native/src/main/fmicalls, shipped in
 * bt-fmu-native's jar beside the shim), loaded once per JVM. It is extracted into the per-user
 * cache that the FMUs' runtime uses (BTFMU_CACHE_DIR, else $XDG_CACHE_HOME/bt-fmu, else
 * ~/.cache/bt-fmu), in a folder named by its content's hash, through a temporary file renamed
 * into place, so a concurrent process never loads half a file and a newer build never loads an
 * older copy. Without a usable cache (BTFMU_CACHE_DIR=off, a read-only home) it is extracted
 * into a temporary file of this process instead. When it cannot be loaded at all (a platform we
 * build no library for, a failing load) the master uses JNA's direct mapping ({@link
 * DirectBinding}) and says why in one debug line.
 */
final class JniFmiLibrary {

    private JniFmiLibrary() {
    }

    /** Whether the library is loaded (tried on the first call, once per JVM). */
    static boolean loaded() {
        return Holder.LOADED;
    }

    private static final class Holder {
        static final boolean LOADED = load(resource(System.getProperty("os.name"), System.getProperty("os.arch")),
                cacheFolder(System.getenv(), System.getProperty("user.home")),
                Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** Extracts and loads {@code resource}; false, never an exception, when that fails. */
    static boolean load(Optional<String> resource, Optional<Path> cache, Path temporary) {
        byte[] library;
        try (InputStream in = resource.isEmpty() ? null
                : JniFmiLibrary.class.getClassLoader().getResourceAsStream(resource.get())) {
            if (in == null) {
                throw new IOException(resource.map(r -> r + " is not on the class path").orElse("no library for "
                        + System.getProperty("os.name") + "/" + System.getProperty("os.arch")));
            }
            library = in.readAllBytes();
        } catch (IOException e) {
            return fallBack(e);
        }
        String name = resource.get();
        return load(library, name.substring(name.lastIndexOf('/') + 1), cache, temporary);
    }

    /** Extracts {@code library} as a file named {@code fileName} and loads it; false when that fails. */
    private static boolean load(byte[] library, String fileName, Optional<Path> cache, Path temporary) {
        try {
            System.load(extract(library, fileName, cache, temporary).toString());
            return true;
        } catch (IOException | RuntimeException | LinkageError e) {
            return fallBack(e);
        }
    }

    private static boolean fallBack(Throwable why) {
        debug("the JNI library for FMI calls is not loaded, JNA's direct mapping is used: {0}", why);
        return false;
    }

    /** Asked for only when there is something to say: the logging back end costs start-up time. */
    private static void debug(String format, Object... arguments) {
        System.getLogger(JniFmiLibrary.class.getName()).log(Level.DEBUG, format, arguments);
    }

    /** The library's resource for this platform: the platforms bt-fmu's FMUs have binaries for. */
    static Optional<String> resource(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        boolean x64 = osArch.equals("amd64") || osArch.equals("x86_64");
        if (x64 && os.startsWith("linux")) {
            return Optional.of("org/btfmu/native/linux64/libbtfmu-fmicalls.so");
        }
        if (x64 && os.startsWith("windows")) {
            return Optional.of("org/btfmu/native/win64/btfmu-fmicalls.dll");
        }
        return Optional.empty();
    }

    /**
     * The per-user cache folder, by the shim's rule (native/src/main/c/jvm.c): BTFMU_CACHE_DIR when
     * set (not an absolute path, e.g. "off": none), else $XDG_CACHE_HOME/bt-fmu, else
     * ~/.cache/bt-fmu.
     */
    static Optional<Path> cacheFolder(Map<String, String> environment, String userHome) {
        String base = environment.get("BTFMU_CACHE_DIR");
        if (base != null) {
            return Path.of(base).isAbsolute() ? Optional.of(Path.of(base)) : Optional.empty();
        }
        String xdg = environment.get("XDG_CACHE_HOME");
        if (xdg != null && Path.of(xdg).isAbsolute()) {
            return Optional.of(Path.of(xdg, "bt-fmu"));
        }
        String home = environment.getOrDefault("HOME", userHome);
        return home != null && Path.of(home).isAbsolute() ? Optional.of(Path.of(home, ".cache", "bt-fmu"))
                : Optional.empty();
    }

    /**
     * The file to load: {@code <cache>/fmicalls-<hash>/<name>}, written there unless an identical
     * copy is there already; else, when the cache cannot be written, a temporary file in
     * {@code temporary} (deleted when the JVM exits). Throws when neither can be written.
     */
    static Path extract(byte[] bytes, String name, Optional<Path> cache, Path temporary) throws IOException {
        if (cache.isPresent()) {
            try {
                return cached(bytes, name, cache.get().resolve("fmicalls-" + hash(bytes)));
            } catch (IOException e) {
                debug("the cache {0} is not usable for the JNI library: {1}", cache.get(), e);
            }
        }
        Path file = Files.createTempFile(temporary, "btfmu-fmicalls-", "-" + name);
        file.toFile().deleteOnExit();
        Files.write(file, bytes);
        return file;
    }

    private static Path cached(byte[] bytes, String name, Path folder) throws IOException {
        Path file = folder.resolve(name);
        if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
            return file;
        }
        Files.createDirectories(folder);
        Path part = Files.createTempFile(folder, name, ".part");
        try {
            Files.write(part, bytes);
            try {
                Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // the same folder, so only a file system without rename gets here
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(part);
        }
        return file;
    }

    /** The first 16 hex digits of the content's SHA-256: a name, so a changed library gets a folder of its own. */
    static String hash(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
