package org.btfmu.packager;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.compress.archivers.zip.Zip64Mode;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * Writes the .fmu ZIP file so that importers of every kind can read it and the
 * same entries give the same bytes (FMI 2.0 §2.3): deflate only, no ZIP64, no
 * data descriptors, '/' separators, entries in the given order with their
 * parent directories first, one fixed timestamp. The file is written to a
 * temporary file beside the target and moved into place in one step, so a
 * failed build leaves neither a partial file nor a damaged older one.
 */
final class FmuArchive {

    /**
     * The timestamp of every entry, in DOS local-time fields. Taken from local
     * date-time fields so the stored fields do not depend on the time zone of the
     * machine that builds the FMU.
     */
    private static final LocalDateTime TIMESTAMP = LocalDateTime.of(2026, 1, 1, 0, 0);

    private static final int FILE_MODE = 0100644;
    private static final int EXECUTABLE_MODE = 0100755;
    private static final int DIRECTORY_MODE = 040755;

    /** Something that can be opened for reading more than once (to hash, then to write). */
    @FunctionalInterface
    interface Source {
        InputStream open() throws IOException;
    }

    /** One file of the archive; {@code path} uses '/' and has no leading '/'. */
    record Entry(String path, Source source, boolean executable) {

        Entry {
            if (path.isEmpty() || path.startsWith("/") || path.endsWith("/") || path.contains("\\")
                    || path.contains("//")) {
                throw new IllegalArgumentException("not a relative '/'-separated file path: " + path);
            }
        }

        static Entry of(String path, byte[] bytes) {
            return new Entry(path, () -> new ByteArrayInputStream(bytes), false);
        }
    }

    private FmuArchive() {
    }

    /** Writes the archive to {@code target}, replacing an existing file only on success. */
    static void write(Path target, List<Entry> entries) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new IOException("the directory of the output file does not exist: " + directory);
        }
        if (Files.isDirectory(absolute)) {
            throw new IOException("the output is a directory: " + absolute);
        }
        Path temp = Files.createTempFile(directory, "." + absolute.getFileName() + ".", ".tmp");
        try {
            writeZip(temp, entries);
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException | Error e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static void writeZip(Path file, List<Entry> entries) throws IOException {
        long time = TIMESTAMP.atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        Set<String> written = new HashSet<>();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(file)) {
            zip.setUseZip64(Zip64Mode.Never);
            zip.setMethod(ZipArchiveOutputStream.DEFLATED);
            for (Entry entry : entries) {
                if (!written.add(entry.path())) {
                    throw new IllegalArgumentException("duplicate archive entry " + entry.path());
                }
                for (int slash = entry.path().indexOf('/'); slash >= 0;
                        slash = entry.path().indexOf('/', slash + 1)) {
                    String directory = entry.path().substring(0, slash + 1);
                    if (written.add(directory)) {
                        zip.putArchiveEntry(zipEntry(directory, DIRECTORY_MODE, time));
                        zip.closeArchiveEntry();
                    }
                }
                zip.putArchiveEntry(zipEntry(entry.path(),
                        entry.executable() ? EXECUTABLE_MODE : FILE_MODE, time));
                try (InputStream in = entry.source().open()) {
                    in.transferTo(zip);
                }
                zip.closeArchiveEntry();
            }
        }
    }

    private static ZipArchiveEntry zipEntry(String name, int mode, long time) {
        ZipArchiveEntry entry = new ZipArchiveEntry(name);
        entry.setMethod(ZipArchiveEntry.DEFLATED);
        entry.setTime(time);
        entry.setUnixMode(mode);
        return entry;
    }
}
