package org.btfmu.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Mission projects for the goals' tests: the template's mission and the repository's examples. */
final class Projects {

    /** The template project's mission, as a file. */
    static final Path TEMPLATE_MISSION = Path.of("../examples/maven-project/src/main/missions/climb-and-fly.json");
    static final Path EXAMPLES = Path.of("../examples");

    private Projects() {
    }

    /** A project folder with the given example mission files (by file name) under src/main/missions. */
    static Path withMissions(Path project, Path... missions) {
        try {
            Path folder = Files.createDirectories(project.resolve("src/main/missions"));
            for (Path mission : missions) {
                Files.copy(mission, folder.resolve(mission.getFileName()));
            }
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
