package org.btfmu.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Spares JNA two costs of every start of the master, applied before JNA's first use on Linux
 * (BENCHMARKS.md section 7, "The fixed cost"):
 *
 * <ul>
 * <li>JNA's library search asks {@code /sbin/ldconfig -p} for more folders, a child process
 * started from its class initialiser (40 ms and more), unless {@code jna.platform.library.path}
 * is set. It is set to the JVM's own {@code java.library.path}: the FMUs' libraries are loaded
 * by their full path, and a short name JNA does not find is still given to {@code dlopen},
 * which searches the system's library cache itself.</li>
 * <li>JNA copies its native part ({@code libjnidispatch.so}) out of the jar into a new temporary
 * file at every start, unless {@code jna.boot.library.path} holds it. A copy is kept in the
 * user's cache instead (the folder {@link JniFmiLibrary#cacheFolder} names, e.g.
 * {@code ~/.cache/bt-fmu/jnidispatch/<CRC of the jar's entry>/}; none with {@code
 * BTFMU_CACHE_DIR=off}), written
 * once under a temporary name and renamed, so a reader never sees half a file); if it cannot
 * be written, or JNA cannot load it, JNA extracts as before.</li>
 * </ul>
 *
 * A property the user set is left as it is.
 */
final class JnaStartup {

    private static boolean applied;

    private JnaStartup() {
    }

    static synchronized void apply() {
        if (applied || !System.getProperty("os.name", "").startsWith("Linux")) {
            return;
        }
        applied = true;
        if (System.getProperty("jna.platform.library.path") == null) {
            System.setProperty("jna.platform.library.path", System.getProperty("java.library.path", ""));
        }
        if (System.getProperty("jna.boot.library.path") == null && System.getProperty("jna.boot.library.name") == null) {
            Path folder = cachedDispatchLibrary();
            if (folder != null) {
                System.setProperty("jna.boot.library.path", folder.toString());
            }
        }
    }

    /** The folder holding a copy of the jar's libjnidispatch.so, or null when there is none. */
    static Path cachedDispatchLibrary() {
        try {
            // Platform is plain Java: asking it does not load JNA's native part.
            String entry = "/com/sun/jna/" + com.sun.jna.Platform.RESOURCE_PREFIX + "/libjnidispatch.so";
            URL url = com.sun.jna.Platform.class.getResource(entry);
            if (url == null || !(url.openConnection() instanceof JarURLConnection jar)) {
                return null;
            }
            long crc = jar.getJarEntry().getCrc(); // from the jar's directory: the content is not read
            if (crc < 0) {
                return null;
            }
            Optional<Path> cache = JniFmiLibrary.cacheFolder(System.getenv(), System.getProperty("user.home"));
            if (cache.isEmpty()) {
                return null;
            }
            Path folder = cache.get().resolve("jnidispatch").resolve(Long.toHexString(crc));
            Path library = folder.resolve("libjnidispatch.so");
            if (!Files.isRegularFile(library)) {
                Files.createDirectories(folder);
                Path partial = Files.createTempFile(folder, "libjnidispatch", ".part");
                try (InputStream in = url.openStream()) {
                    Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(partial);
                }
            }
            return folder;
        } catch (IOException | RuntimeException e) {
            return null; // JNA extracts it as usual
        }
    }
}
