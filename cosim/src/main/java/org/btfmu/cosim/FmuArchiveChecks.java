package org.btfmu.cosim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/** What an FMU file must be before a master loads it, with an error naming the file and the entry. */
final class FmuArchiveChecks {

    private FmuArchiveChecks() {
    }

    /** A regular file that is a zip archive with a modelDescription.xml. */
    static void checkArchive(Path fmu) {
        if (!Files.isRegularFile(fmu)) {
            throw new CoSimulationException(fmu + ": no such file");
        }
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            if (zip.getEntry("modelDescription.xml") == null) {
                throw new CoSimulationException(fmu + ": not an FMU (no modelDescription.xml in the archive)");
            }
        } catch (IOException e) {
            throw new CoSimulationException(fmu + ": not an FMU (not a zip archive: " + e.getMessage() + ")", e);
        }
    }

    /**
     * The FMU's shared library for this platform exists and is an ELF file: otherwise loading
     * it fails with an {@link UnsatisfiedLinkError} that names only the extracted copy.
     */
    static void checkBinary(Path fmu, Path library) {
        String inArchive = "binaries/" + library.getParent().getFileName() + "/" + library.getFileName();
        if (!Files.isRegularFile(library)) {
            throw new CoSimulationException(fmu + ": the FMU has no binary for this platform (" + inArchive
                    + " is not in the archive)");
        }
        byte[] magic = new byte[4];
        try (java.io.InputStream in = Files.newInputStream(library)) {
            int read = in.readNBytes(magic, 0, magic.length);
            if (read < magic.length || magic[0] != 0x7F || magic[1] != 'E' || magic[2] != 'L' || magic[3] != 'F') {
                throw new CoSimulationException(fmu + ": " + inArchive + " is not a shared library (no ELF header)");
            }
        } catch (IOException e) {
            throw new CoSimulationException(fmu + ": cannot read " + inArchive + ": " + e.getMessage(), e);
        }
    }
}
