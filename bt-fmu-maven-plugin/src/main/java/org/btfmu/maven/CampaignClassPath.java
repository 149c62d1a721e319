package org.btfmu.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;

/**
 * The class path of {@code bt-fmu sweep}: the campaign module and its runtime dependencies
 * (Apache Spark, ~290 MB of jars), resolved through Maven's resolver only when the sweep goal
 * runs. The plugin does not depend on the campaign module, so its other goals never resolve
 * Spark; the sweep itself runs in a Java process of its own with this class path.
 */
final class CampaignClassPath {

    static final String GROUP_ID = "org.btfmu";
    static final String ARTIFACT_ID = "bt-fmu-campaign";
    /** The JVM options Spark needs on JDK 17, written into the campaign module's jar by its build. */
    static final String JAVA_OPTIONS = "org/btfmu/campaign/java-options.txt";
    private static final Set<String> RUNTIME = Set.of("compile", "runtime");

    private CampaignClassPath() {
    }

    /**
     * {@code org.btfmu:bt-fmu-campaign:<version>} with its runtime dependencies, as the campaign
     * module's own build resolves them (its POM's dependency management applies to the whole graph).
     */
    static List<File> resolve(RepositorySystem system, RepositorySystemSession session,
            List<RemoteRepository> repositories, String version) throws DependencyResolutionException {
        Dependency campaign = new Dependency(new DefaultArtifact(GROUP_ID, ARTIFACT_ID, "jar", version), "runtime");
        CollectRequest collect = new CollectRequest(campaign, repositories);
        // The campaign's own test dependencies are direct ones of the root: left out here.
        DependencyRequest request = new DependencyRequest(collect, (node, parents) -> node.getDependency() == null
                || RUNTIME.contains(node.getDependency().getScope()));
        List<File> files = new ArrayList<>();
        for (ArtifactResult result : system.resolveDependencies(session, request).getArtifactResults()) {
            files.add(result.getArtifact().getFile());
        }
        return files;
    }

    /** The JVM options of the campaign module ({@link #JAVA_OPTIONS}) found on {@code classPath}. */
    static List<String> javaOptions(List<File> classPath) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (File file : classPath) {
            try {
                urls.add(file.toURI().toURL());
            } catch (MalformedURLException e) {
                throw new IOException(file + ": " + e.getMessage(), e);
            }
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), null);
                InputStream in = loader.getResourceAsStream(JAVA_OPTIONS)) {
            if (in == null) {
                throw new IOException(JAVA_OPTIONS + " is in none of the " + classPath.size()
                        + " entries of the campaign's class path (is " + ARTIFACT_ID + " among them?)");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? List.of() : Arrays.asList(text.split("\\s+"));
        }
    }
}
