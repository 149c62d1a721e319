package org.btfmu.shim;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.HashMap;
import java.util.Map;

/**
 * The class loaders of the bt-fmu runtimes in this JVM: one per runtime, shared by every FMU
 * that carries byte-identical runtime jars, so that a second FMU finds bt-core, Jackson and
 * the slave already loaded and compiled.
 *
 * <p>Every FMU brings its own copy of the C shim, so the registry cannot live in C. Each copy
 * defines this class in the boot class loader unless an earlier one has (native/Makefile
 * embeds it in the shim; it is on no class path), which makes it one per JVM. The JVM keeps
 * the first definition: later versions of the shim must keep this name and this method.
 */
public final class RuntimeLoaders {

    private static final Map<String, ClassLoader> LOADERS = new HashMap<>();

    private RuntimeLoaders() {
    }

    /**
     * The loader registered under key (the FMU's resources/lib/SHA256SUMS, which names the
     * jars and their digests), created over the jars on first use. Its parent is the platform
     * class loader, so runtimes of different versions do not see each other.
     */
    public static synchronized ClassLoader loader(String key, String[] jars)
            throws MalformedURLException {
        ClassLoader loader = LOADERS.get(key);
        if (loader == null) {
            URL[] urls = new URL[jars.length];
            for (int i = 0; i < jars.length; i++) {
                urls[i] = new File(jars[i]).toURI().toURL();
            }
            loader = new URLClassLoader("bt-fmu runtime", urls, ClassLoader.getPlatformClassLoader());
            LOADERS.put(key, loader);
        }
        return loader;
    }
}
