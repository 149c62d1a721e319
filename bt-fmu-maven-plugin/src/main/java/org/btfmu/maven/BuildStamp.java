package org.btfmu.maven;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import org.btfmu.packager.FmuInterface;

/**
 * What an FMU was built from, kept beside the build so that the next build can
 * skip it. An FMU is unchanged when its inputs are: the mission's text as it
 * goes into the FMU (the file's, as loaded),
 * the plugin's version, the packager's tool fingerprint (its version, shim and
 * runtime jar) and the build options; and the FMU on disk is still the file
 * that build wrote (its SHA-256 is part of the stamp).
 */
record BuildStamp(String inputs) {

    static BuildStamp of(String missionText, String pluginVersion, String toolFingerprint,
            String modelIdentifier, boolean bundleJre, Set<FmuInterface> interfaces) {
        MessageDigest text = sha256();
        text.update(missionText.getBytes(StandardCharsets.UTF_8));
        return new BuildStamp("mission " + HexFormat.of().formatHex(text.digest()) + "\n"
                + "plugin " + pluginVersion + "\n"
                + "tool " + toolFingerprint + "\n"
                + "modelIdentifier " + (modelIdentifier == null ? "(mission name)" : modelIdentifier) + "\n"
                + "bundleJre " + bundleJre + "\n"
                + "interfaces " + interfaces + "\n");
    }

    /** Whether {@code fmu} exists and {@code stampFile} says it was built from these inputs. */
    boolean matches(Path stampFile, Path fmu) throws IOException {
        if (!Files.isRegularFile(stampFile) || !Files.isRegularFile(fmu)) {
            return false;
        }
        return Files.readString(stampFile, StandardCharsets.UTF_8).equals(text(fmu));
    }

    void write(Path stampFile, Path fmu) throws IOException {
        Files.createDirectories(stampFile.getParent());
        Files.writeString(stampFile, text(fmu), StandardCharsets.UTF_8);
    }

    private String text(Path fmu) throws IOException {
        return inputs + "fmu " + sha256(fmu) + "\n";
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest sha = sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }
}
