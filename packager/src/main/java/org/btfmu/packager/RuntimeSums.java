package org.btfmu.packager;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * resources/lib/SHA256SUMS: the SHA-256 and name of the FMU's runtime jar, in the format of
 * {@code sha256sum} (so {@code sha256sum -c SHA256SUMS} checks it). The shim uses the file's
 * text as the runtime's identity: FMUs whose files are equal share one class loader in a
 * process (native/src/main/c/runtime.c), those that differ get their own.
 */
final class RuntimeSums {

    static final String PATH = "resources/lib/SHA256SUMS";

    private RuntimeSums() {
    }

    /** The file's text for one jar named {@code name} (no directory). */
    static String of(FmuArchive.Source jar, String name) throws IOException {
        MessageDigest sha = sha256();
        try (InputStream in = new DigestInputStream(jar.open(), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest()) + "  " + name + "\n";
    }

    static byte[] bytes(FmuArchive.Source jar, String name) throws IOException {
        return of(jar, name).getBytes(StandardCharsets.US_ASCII);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }
}
