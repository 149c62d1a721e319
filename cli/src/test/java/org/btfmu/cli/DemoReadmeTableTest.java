package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.btfmu.demo.DemoScenario;
import org.junit.jupiter.api.Test;

/** The README's demo table names the folders and the plot files the demo writes. */
class DemoReadmeTableTest {

    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9-]+)/` \\|");
    private static final Pattern PNG = Pattern.compile("`([A-Za-z0-9._-]+\\.png)`");

    @Test
    void everyScenarioRowListsExactlyThePlotFilesOfThatScenario() throws Exception {
        Map<String, List<String>> readme = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Paths.get("..", "README.md"))) {
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                String[] cells = line.split("\\|");
                Matcher png = PNG.matcher(cells[cells.length - 1]);
                List<String> files = new ArrayList<>();
                while (png.find()) {
                    files.add(png.group(1));
                }
                readme.put(row.group(1), files);
            }
        }
        Map<String, List<String>> written = new LinkedHashMap<>();
        DemoScenario.ALL.forEach(s -> written.put(s.example(), s.plotFiles()));
        assertEquals(written, readme);
    }
}
