package org.btfmu.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells the {@code bt-fmu} launcher that the list of classes this JVM writes as they load is
 * worth a class-data archive: the command ran to the end with exit code 0. An archive of a
 * {@code --help}, usage-error or failed run would hold a fraction of the classes the command loads
 * (2 MB of 21 MB for {@code simulate --help}) and would slow every later start, as the launcher
 * keeps the first archive of a command after a build. The launcher names the mark in
 * {@code btfmu.cds.ok}.
 */
final class ClassDataArchive {

    private ClassDataArchive() {
    }

    /** Writes the mark, if the launcher asked for one. */
    static void keep() {
        String mark = System.getProperty("btfmu.cds.ok");
        if (mark == null) {
            return;
        }
        try {
            Files.write(Path.of(mark), new byte[0]);
        } catch (IOException | RuntimeException e) {
            // no mark: the launcher writes the archive again at the next run
        }
    }
}
