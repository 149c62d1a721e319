package org.btfmu.maven;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The mission files of a project: the regular files under the missions folder
 * whose path relative to it matches an include and no exclude pattern. The
 * patterns are globs as Maven users write them: {@code *} within a folder,
 * {@code **} across folders, and a leading {@code **}{@code /} also matches
 * files directly in the folder. An XML file that another one {@code <include>}s is part of
 * that tree, not a mission.
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
            Set<Path> included = included(files);
            files = files.stream().filter(file -> !included.contains(file.toAbsolutePath().normalize())).toList();
        } catch (IOException e) {
            throw new MojoFailureException("bt-fmu: cannot list the missions folder " + directory + ": " + e, e);
        }
        if (files.isEmpty()) {
            throw new MojoFailureException("bt-fmu: no mission file in " + directory + " matches the includes "
                    + includes + (excludes.isEmpty() ? "" : " less the excludes " + excludes));
        }
        return files;
    }

    /**
     * The files a BehaviorTree.CPP tree among {@code files} pulls in with {@code <include path="..."/>}
     * (relative to the including file): parts of that tree, not missions of their own. A file
     * that cannot be parsed includes nothing here; validating it reports why.
     */
    static Set<Path> included(List<Path> files) {
        Set<Path> included = new HashSet<>();
        for (Path file : files) {
            if (!file.getFileName().toString().endsWith(".xml")) {
                continue;
            }
            try {
                DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                NodeList includes = factory.newDocumentBuilder().parse(file.toFile()).getElementsByTagName("include");
                for (int i = 0; i < includes.getLength(); i++) {
                    String path = ((Element) includes.item(i)).getAttribute("path");
                    if (!path.isEmpty()) {
                        included.add(file.toAbsolutePath().getParent().resolve(path).normalize());
                    }
                }
            } catch (IOException | ParserConfigurationException | SAXException | RuntimeException e) {
                // not this method's concern
            }
        }
        return included;
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
