package org.btfmu.maven;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The mission files of a project: the regular files under the missions folder
 * whose path relative to it matches an include and no exclude pattern. The
 * patterns are globs as Maven users write them: {@code *} within a folder,
 * {@code **} across folders, and a leading {@code **}{@code /} also matches
 * files directly in the folder.
 */
final class MissionFiles {

    private MissionFiles() {
    }

    /** Sorted by relative path, so every build visits the missions in the same order. */
    static List<Path> find(Path directory, List<String> includes, List<String> excludes)
            throws MojoFailureException {
        if (!Files.isDirectory(directory)) {
            throw new MojoFailureException("bt-fmu: the missions folder " + directory + " does not exist;"
                    + " put the mission files there or set <missionsDirectory> in the plugin's configuration");
        }
        List<PathMatcher> in = matchers(includes);
        List<PathMatcher> out = matchers(excludes);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(directory)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(file -> {
                        Path relative = directory.relativize(file);
                        return matchesAny(in, relative) && !matchesAny(out, relative);
                    })
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new MojoFailureException("bt-fmu: cannot list the missions folder " + directory + ": " + e, e);
        }
        if (files.isEmpty()) {
            throw new MojoFailureException("bt-fmu: no mission file in " + directory + " matches the includes "
                    + includes + (excludes.isEmpty() ? "" : " less the excludes " + excludes));
        }
        return files;
    }

    private static List<PathMatcher> matchers(List<String> patterns) {
        return patterns.stream()
                .flatMap(pattern -> pattern.startsWith("**/")
                        ? Stream.of(pattern, pattern.substring(3))
                        : Stream.of(pattern))
                .map(pattern -> FileSystems.getDefault().getPathMatcher("glob:" + pattern))
                .toList();
    }

    private static boolean matchesAny(List<PathMatcher> matchers, Path relative) {
        return matchers.stream().anyMatch(matcher -> matcher.matches(relative));
    }
}
