package org.btfmu.cosim;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;

/**
 * Binds {@link DirectFmi2} (and {@link DirectFmi2Step}) to one FMU's shared library. JNA's direct mapping registers a
 * class's native methods once, against one library; two FMUs need two classes. So each
 * binding defines the same class bytes again in a class loader of its own (a new class
 * to the JVM) and registers that copy with the FMU's library.
 *
 * <p>JNA keeps every registered class, and its library, in static maps until it is
 * unregistered: a class per FMU instance would pile up over a long run of instantiate and
 * free. Once the binding object is unreachable (the instance was freed and dropped it), a
 * cleaner unregisters its class, which lets the JVM unload the copy with its class loader and
 * JNA forget the library.
 */
final class DirectBinding {

    private static final Cleaner CLEANER = Cleaner.create();

    private DirectBinding() {
    }

    /** The get/set calls of {@code library}; throws UnsatisfiedLinkError when a function is missing. */
    static Fmi2Calls bind(NativeLibrary library) {
        return bind(DirectFmi2.class, Fmi2Calls.class, library);
    }

    /** fmi2DoStep of {@code library}. */
    static Fmi2Step bindStep(NativeLibrary library) {
        return bind(DirectFmi2Step.class, Fmi2Step.class, library);
    }

    /** The per-integrator-step Model Exchange calls of {@code library}. */
    static DirectModelExchange bindModelExchange(NativeLibrary library) {
        return bind(DirectFmi2ModelExchange.class, DirectModelExchange.class, library);
    }

    /** fmi3DoStep of {@code library}. */
    static Fmi3Step bindFmi3Step(NativeLibrary library) {
        return bind(DirectFmi3Step.class, Fmi3Step.class, library);
    }

    /** The FMI 3.0 get/set calls of {@code library}. */
    static Fmi3Calls bindFmi3(NativeLibrary library) {
        return bind(DirectFmi3.class, Fmi3Calls.class, library);
    }

    /** The FMI 3.0 per-integrator-step Model Exchange calls of {@code library}. */
    static DirectModelExchange bindFmi3ModelExchange(NativeLibrary library) {
        return bind(DirectFmi3ModelExchange.class, DirectModelExchange.class, library);
    }

    private static <T> T bind(Class<? extends T> template, Class<T> type, NativeLibrary library) {
        Class<?> copy = new CopyLoader().copy(template.getName(), classBytes(template.getName()));
        Native.register(copy, library);
        try {
            var constructor = copy.getDeclaredConstructor();
            constructor.setAccessible(true);
            T binding = type.cast(constructor.newInstance());
            CLEANER.register(binding, () -> Native.unregister(copy));
            return binding;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the direct FMI binding", e);
        }
    }

    private static byte[] classBytes(String className) {
        String resource = "/" + className.replace('.', '/') + ".class";
        try (InputStream in = DirectBinding.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " not found");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Defines its own copy of one class; everything else (the interfaces, JNA) comes from the parent. */
    private static final class CopyLoader extends ClassLoader {

        CopyLoader() {
            super(DirectBinding.class.getClassLoader());
        }

        Class<?> copy(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
        }
    }
}
