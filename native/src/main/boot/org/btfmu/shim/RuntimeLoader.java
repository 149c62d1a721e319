package org.btfmu.shim;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.PermissionCollection;
import java.security.Permissions;
import java.util.HashMap;
import java.util.Map;

/**
 * The class loader of a bt-fmu runtime, one per runtime in the JVM: shared by every FMU that
 * carries byte-identical runtime jars, so that a second FMU finds bt-core, Jackson and the
 * slave already loaded and compiled.
 *
 * <p>Every FMU brings its own copy of the C shim, so the registry of these loaders cannot
 * live in C. Each copy defines this class in the boot class loader unless an earlier one has
 * (native/Makefile embeds it in the shim; it is on no class path), which makes the registry
 * one per JVM. The JVM keeps the first definition: later versions of the shim must keep
 * this name and {@link #of}.
 */
public final class RuntimeLoader extends URLClassLoader {

    private static final Map<String, ClassLoader> LOADERS = new HashMap<>();

    static {
        ClassLoader.registerAsParallelCapable(); // as URLClassLoader: threads load in parallel
    }

    private RuntimeLoader(URL[] jars) {
        super("bt-fmu runtime", jars, ClassLoader.getPlatformClassLoader());
    }

    /**
     * The loader registered under key (the FMU's resources/lib/SHA256SUMS, which names the
     * jars and their digests), created over the jars on first use. Its parent is the platform
     * class loader, so runtimes of different versions do not see each other.
     */
    public static synchronized ClassLoader of(String key, String[] jars)
            throws MalformedURLException {
        ClassLoader loader = LOADERS.get(key);
        if (loader == null && onClassPath(key)) {
            loader = ClassLoader.getSystemClassLoader();
            LOADERS.put(key, loader);
        }
        if (loader == null) {
            URL[] urls = new URL[jars.length];
            for (int i = 0; i < jars.length; i++) {
                urls[i] = new File(jars[i]).toURI().toURL();
            }
            loader = new RuntimeLoader(urls);
            LOADERS.put(key, loader);
        }
        return loader;
    }

    /**
     * Whether the JVM's class path is this runtime's copy in its class-data cache: the shim
     * started the JVM with it and the archive made from it, so the runtime's classes come from
     * the archive through the application class loader (whose parent is the platform class
     * loader too). The cache holds the SHA256SUMS the copy was made from.
     */
    private static boolean onClassPath(String key) {
        String cache = System.getProperty("btfmu.classDataCache");
        String classPath = System.getProperty("java.class.path", "");
        if (cache == null || classPath.isEmpty()) {
            return false;
        }
        try {
            Path directory = Path.of(cache);
            if (!Files.readString(directory.resolve("lib/SHA256SUMS")).equals(key)
                    || !Files.readString(directory.resolve("classpath")).strip().equals(classPath)) {
                return false;
            }
            for (String jar : classPath.split(File.pathSeparator)) {
                if (!Files.isRegularFile(Path.of(jar))) {
                    return false;
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // an unreadable cache: the runtime's own loader, as without one
        }
    }

    /**
     * No permissions to compute without a security manager: asking the jar's URL for them
     * would initialise the JDK's security configuration, about 5 ms of a first instantiate.
     */
    @Override
    @SuppressWarnings("removal")
    protected PermissionCollection getPermissions(CodeSource source) {
        return System.getSecurityManager() == null ? new Permissions() : super.getPermissions(source);
    }
}
