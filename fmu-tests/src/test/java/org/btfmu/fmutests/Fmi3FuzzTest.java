package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.fmu.Fmi3Function;
import org.btfmu.fmu.Fmi3State;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the FMI 3.0 call fuzzer (src/test/c/fuzz3.c) against an FMU built with {@code --fmi 3}:
 * random call sequences, checked against the FMU's own calling-sequence table
 * ({@link Fmi3Function}, written out for the C program) and the rules in fuzz3.c's header.
 * {@code fuzz.sh fmi3 N} runs more sequences; the sanitizer job runs it under ASan/UBSan.
 */
class Fmi3FuzzTest {

    private static final Path FUZZER = Path.of("target/fuzz3").toAbsolutePath();
    static final Path TABLE = Path.of("target/fmi3-calling-sequence.txt").toAbsolutePath();
    private static FmuFixture fmu;

    @BeforeAll
    static void fixtures() throws Exception {
        writeTable(TABLE);
        fmu = FmuFixture.buildFmi3(Path.of("target/fixtures"), "shim_test.json", "fuzz3_a");
        Files.writeString(fmu.directory().resolve("resources/token.txt"), fmu.guid());
    }

    /** "fmi3Name interfaces cells", cells in the order of Fmi3State without fatal (fuzz3.c's columns). */
    static void writeTable(Path file) throws Exception {
        List<String> lines = new ArrayList<>(List.of("# written by Fmi3FuzzTest from org.btfmu.fmu.Fmi3Function"));
        for (Fmi3Function function : Fmi3Function.values()) {
            if (function.fmiName().contains("{")) {
                continue; // fmi3Get{VariableType}: the types the missions have no variable of
            }
            String interfaces = function.belongsTo(true) && function.belongsTo(false) ? "B"
                    : function.belongsTo(true) ? "M" : "C";
            StringBuilder cells = new StringBuilder();
            for (Fmi3State state : Fmi3State.values()) {
                if (state != Fmi3State.FATAL) {
                    cells.append(function.cell(state));
                }
            }
            lines.add(function.fmiName() + " " + interfaces + " " + cells);
        }
        Files.createDirectories(file.getParent());
        Files.write(file, lines);
    }

    @Test
    void theTableHasTheSixColumnsFuzz3Reads() throws Exception {
        List<String> rows = Files.readAllLines(TABLE).stream().filter(l -> !l.startsWith("#")).toList();
        assertTrue(rows.stream().anyMatch(r -> r.equals("fmi3DoStep C ...x..")), rows.toString());
        assertTrue(rows.stream().allMatch(r -> r.split(" ")[2].length() == 6), rows.toString());
    }

    @Test
    void randomCallSequencesNeverBreakTheCallingSequenceOrTheProcess() throws Exception {
        run(1, 400);
    }

    private static void run(long firstSeed, int count) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of(FUZZER.toString(), TABLE.toString(),
                fmu.directory().toString(), fmu.guid(), Long.toString(firstSeed), Integer.toString(count)))
                .redirectErrorStream(true);
        builder.environment().remove("BTFMU_LIBJVM");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("BTFMU_CACHE_DIR", "off");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), output);
        assertTrue(output.contains(count + " sequences from seed " + firstSeed + ", 0 failed"), output);
    }
}
