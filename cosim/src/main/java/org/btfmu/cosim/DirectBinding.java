package org.btfmu.cosim;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Binds {@link DirectFmi2} to one FMU's shared library. JNA's direct mapping registers a
 * class's native methods once, against one library; two FMUs need two classes. So each
 * binding defines the same class bytes again in a class loader of its own (a new class
 * to the JVM) and registers that copy with the FMU's library.
 */
final class DirectBinding {

    private static final String CLASS_NAME = DirectFmi2.class.getName();
    private static final byte[] CLASS_BYTES = classBytes();

    private DirectBinding() {
    }

    /** The per-step calls of {@code library}; throws UnsatisfiedLinkError when a function is missing. */
    static Fmi2Calls bind(NativeLibrary library) {
        Class<?> copy = new CopyLoader().copy();
        Native.register(copy, library);
        try {
            var constructor = copy.getDeclaredConstructor();
            constructor.setAccessible(true);
            return (Fmi2Calls) constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the direct FMI binding", e);
        }
    }

    private static byte[] classBytes() {
        String resource = "/" + CLASS_NAME.replace('.', '/') + ".class";
        try (InputStream in = DirectBinding.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " not found");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Defines its own DirectFmi2; everything else (Fmi2Calls, JNA) comes from the parent. */
    private static final class CopyLoader extends ClassLoader {

        CopyLoader() {
            super(DirectBinding.class.getClassLoader());
        }

        Class<?> copy() {
            return defineClass(CLASS_NAME, CLASS_BYTES, 0, CLASS_BYTES.length);
        }
    }
}
