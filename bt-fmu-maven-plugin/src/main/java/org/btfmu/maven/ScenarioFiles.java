package org.btfmu.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * The scenarios of a project: every {@code *.json} under the scenarios folder, in
 * subfolders too (as missions are found), by report name: the path under the folder
 * without {@code .json}, folders joined by dots ({@code climb/high.json} is
 * {@code climb.high}, reported in {@code TEST-bt-fmu.climb.high.xml}).
 */
final class ScenarioFiles {

    private ScenarioFiles() {
    }

    /** Sorted by path; none when the folder does not exist. */
    static Map<String, Path> find(Path directory) throws MojoExecutionException {
        Map<String, Path> scenarios = new LinkedHashMap<>();
        if (!Files.isDirectory(directory)) {
            return scenarios;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path file : walk.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
                    .sorted().toList()) {
                scenarios.put(reportName(directory.relativize(file)), file);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: cannot list " + directory + ": " + e, e);
        }
        return scenarios;
    }

    static String reportName(Path relative) {
        String path = relative.toString().replace(relative.getFileSystem().getSeparator(), ".");
        return path.substring(0, path.length() - ".json".length());
    }

    /**
     * The scenarios {@code -Dtest} names (all when it is blank): comma-separated names,
     * each matching a report name, a path under the folder or a file name, with or without
     * {@code .json}; {@code *} matches any run of characters.
     */
    static Map<String, Path> select(Map<String, Path> scenarios, String test) {
        if (test == null || test.isBlank()) {
            return scenarios;
        }
        List<Pattern> patterns = Arrays.stream(test.split(",")).map(String::strip).filter(t -> !t.isEmpty())
                .map(t -> t.endsWith(".json") ? t.substring(0, t.length() - 5) : t)
                .map(t -> Pattern.compile(Arrays.stream(t.split("\\*", -1)).map(Pattern::quote)
                        .reduce((a, b) -> a + ".*" + b).orElse("")))
                .toList();
        Map<String, Path> selected = new LinkedHashMap<>();
        scenarios.forEach((name, file) -> {
            String fileName = file.getFileName().toString();
            String stem = fileName.substring(0, fileName.length() - ".json".length());
            String path = name.replace('.', '/');
            if (patterns.stream().anyMatch(p -> p.matcher(name).matches() || p.matcher(stem).matches()
                    || p.matcher(path).matches())) {
                selected.put(name, file);
            }
        });
        return selected;
    }
}
