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

    /**
     * Creates the output directory {@code dir} (and its parents), or throws an {@link IOException}
     * whose message says what is wrong with the path, not only which path it is.
     */
    static void createDirectory(Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IOException(dir + " exists and is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException("cannot create the output directory " + dir + ": " + problem(dir, e), e);
        }
    }

    /** What an I/O error says about {@code path}, in words (Java's messages often hold just the path). */
    static String problem(Path path, IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException exists) {
            return (exists.getFile() == null ? path.toString() : exists.getFile()) + " exists and is not a directory";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            Path parent = path.toAbsolutePath().getParent();
            return parent != null && Files.isDirectory(parent)
                    ? parent + " exists but does not accept new files or directories (a virtual file system?)"
                    : "no such file or directory";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().substring(0, 1).toLowerCase(java.util.Locale.ROOT) + fs.getReason().substring(1);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
