package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What users copy: examples/maven-project. */
class TemplateProjectTest {

    @Test
    void theTemplateKeepsTheBuildOutputOutOfGit() throws Exception {
        List<String> ignored = Files.readAllLines(Path.of("../examples/maven-project/.gitignore"));
        assertTrue(ignored.contains("target/"), ignored.toString());
    }
}
