package org.btfmu.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writing results so that a failed command leaves nothing half-written. */
final class OutputFiles {

    private OutputFiles() {
    }

    /** Writes {@code text} to a temporary file beside {@code target}, then moves it into place. */
    static void writeAtomically(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".bt-fmu-", ".tmp");
        try {
            Files.writeString(tmp, text);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
