package org.btfmu.checker;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** An FMU archive extracted into a temporary folder, deleted again by {@link #close()}. */
final class UnpackedFmu implements AutoCloseable {

    final Path directory;

    private UnpackedFmu(Path directory) {
        this.directory = directory;
    }

    /**
     * Extracts the archive; throws {@link IllegalArgumentException} when it is not a zip
     * file or an entry would land outside the folder.
     */
    static UnpackedFmu of(Path fmu) throws IOException {
        Path directory = Files.createTempDirectory("bt-fmu-check-");
        UnpackedFmu unpacked = new UnpackedFmu(directory);
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                Path target = directory.resolve(entry.getName()).normalize();
                if (!target.startsWith(directory)) {
                    throw new IllegalArgumentException(fmu + ": zip entry '" + entry.getName()
                            + "' escapes the FMU's folder");
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    try (InputStream in = zip.getInputStream(entry)) {
                        Files.copy(in, target);
                    }
                }
            }
        } catch (java.util.zip.ZipException e) {
            unpacked.close();
            throw new IllegalArgumentException(fmu + ": not a zip archive (" + e.getMessage() + ")", e);
        } catch (IOException | RuntimeException e) {
            unpacked.close();
            throw e;
        }
        return unpacked;
    }

    Path resolve(String relative) {
        return directory.resolve(relative);
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
