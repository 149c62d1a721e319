package org.btfmu.packager;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The shim from the class path (bt-fmu-native) and a stand-in runtime jar. */
final class Fixtures {

    private Fixtures() {
    }

    static RuntimeFiles runtime() {
        return new RuntimeFiles(() -> resource(RuntimeFiles.SHIM_RESOURCE),
                () -> new ByteArrayInputStream(runtimeJarBytes()));
    }

    static byte[] shimBytes() throws IOException {
        try (InputStream in = resource(RuntimeFiles.SHIM_RESOURCE)) {
            return in.readAllBytes();
        }
    }

    static byte[] runtimeJarBytes() {
        return "stand-in runtime jar".getBytes(StandardCharsets.UTF_8);
    }

    private static InputStream resource(String name) {
        InputStream in = Fixtures.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new UncheckedIOException(new IOException("missing resource " + name));
        }
        return in;
    }
}
