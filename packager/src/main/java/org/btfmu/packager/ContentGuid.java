package org.btfmu.packager;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The FMU's GUID as a fingerprint of its content: SHA-256 over every archive
 * entry (path and bytes, in archive order) except the two files that hold the
 * GUID, whose GUID-free form the caller includes instead. Same content → same
 * GUID → byte-identical FMU; any change (mission, runtime, shim, options such as
 * the model identifier or a bundled runtime) → another GUID, so importers that
 * cache binaries by GUID never mix two builds.
 *
 * <p>Written as a UUID of version 8 (RFC 9562, "custom") in braces.
 */
final class ContentGuid {

    private ContentGuid() {
    }

    static String of(List<FmuArchive.Entry> entries) throws IOException {
        MessageDigest sha = sha256();
        for (FmuArchive.Entry entry : entries) {
            byte[] path = entry.path().getBytes(StandardCharsets.UTF_8);
            sha.update(ByteBuffer.allocate(4).putInt(path.length).array());
            sha.update(path);
            sha.update((byte) (entry.executable() ? 1 : 0));
            MessageDigest content = sha256();
            try (InputStream in = new DigestInputStream(entry.source().open(), content)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            sha.update(content.digest());
        }
        byte[] hash = sha.digest();
        hash[6] = (byte) ((hash[6] & 0x0f) | 0x80); // version 8
        hash[8] = (byte) ((hash[8] & 0x3f) | 0x80); // RFC 4122/9562 variant
        String hex = HexFormat.of().formatHex(hash, 0, 16);
        return "{" + hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16)
                + "-" + hex.substring(16, 20) + "-" + hex.substring(20, 32) + "}";
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }
}
