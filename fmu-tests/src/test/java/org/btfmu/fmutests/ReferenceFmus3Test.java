package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The FMI 3.0 declarations the shim is compiled against (native/include/fmi3.h) drive an FMU
 * written by others: the Reference FMUs 0.0.39 BouncingBall (../shared/reference-fmus/3.0;
 * skipped without it), in src/test/c/reference3.c. Plain steps of 0.01 s reproduce fmusim's
 * reference result; with Event Mode and early return every bounce returns early.
 */
class ReferenceFmus3Test {

    private static final Path FOLDER = Path.of("..", "..", "shared", "reference-fmus", "3.0");
    private static final Path PROGRAM = Path.of("target/reference3").toAbsolutePath();
    private static Path directory;
    private static String token;

    @BeforeAll
    static void extract() throws Exception {
        Path fmu = FOLDER.resolve("BouncingBall.fmu");
        assumeTrue(Files.isRegularFile(fmu), "the Reference FMUs 3.0 are not beside the project");
        directory = Path.of("target/fixtures/reference3/BouncingBall").toAbsolutePath();
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                Path target = directory.resolve(entry.getName()).normalize();
                if (!target.startsWith(directory) || entry.isDirectory()) {
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.createDirectories(directory.resolve("resources"));
        Matcher m = Pattern.compile("instantiationToken=\"([^\"]+)\"")
                .matcher(Files.readString(directory.resolve("modelDescription.xml")));
        assertTrue(m.find(), "BouncingBall's modelDescription.xml has an instantiationToken");
        token = m.group(1);
    }

    @Test
    void plainStepsReproduceTheReferenceResult() throws Exception {
        run("plain");
    }

    @Test
    void withEventModeEveryBounceReturnsEarly() throws Exception {
        run("event_mode");
    }

    private static void run(String scenario) throws Exception {
        Process process = new ProcessBuilder(List.of(PROGRAM.toString(), scenario, directory.toString(), token,
                FOLDER.resolve("BouncingBall_cs_ref.csv").toAbsolutePath().toString()))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), scenario + ":\n" + output);
    }
}
