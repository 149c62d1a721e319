package org.btfmu.maven;

import java.util.List;
import org.apache.maven.AbstractMavenLifecycleParticipant;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * With {@code <extensions>true</extensions>}, a project that declares this
 * plugin without executions gets all three goals in their default phases
 * (validate, package, verify): the declaration alone is enough. A project that
 * lists one of the three goals in its own executions keeps exactly its executions; one
 * that lists only other goals (an execution of sweep) gets the three as well. Registered in
 * META-INF/plexus/components.xml, which Maven reads from extension plugins.
 */
public final class DefaultGoals extends AbstractMavenLifecycleParticipant {

    static final String PLUGIN_KEY = "org.btfmu:bt-fmu-maven-plugin";
    static final List<String> GOALS = List.of("validate", "build", "check");

    @Override
    public void afterProjectsRead(MavenSession session) {
        for (MavenProject project : session.getProjects()) {
            addTo(project);
        }
    }

    static void addTo(MavenProject project) {
        Plugin plugin = project.getPlugin(PLUGIN_KEY);
        if (plugin == null || plugin.getExecutions().stream().anyMatch(e -> e.getGoals().stream()
                .anyMatch(GOALS::contains))) {
            return;
        }
        PluginExecution execution = new PluginExecution();
        execution.setId("default-bt-fmu");
        execution.setGoals(GOALS);
        // Maven merged the plugin's <configuration> into its executions before this runs.
        if (plugin.getConfiguration() != null) {
            execution.setConfiguration(new Xpp3Dom((Xpp3Dom) plugin.getConfiguration()));
        }
        // First: in phase verify, check (fast) runs before the project's own sweep (Spark, minutes).
        plugin.getExecutions().add(0, execution);
        plugin.flushExecutionMap();
    }
}
