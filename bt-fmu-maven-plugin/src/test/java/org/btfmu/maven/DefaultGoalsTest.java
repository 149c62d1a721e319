package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

class DefaultGoalsTest {

    private static MavenProject projectWith(Plugin plugin) {
        Model model = new Model();
        model.setBuild(new Build());
        if (plugin != null) {
            model.getBuild().addPlugin(plugin);
        }
        return new MavenProject(model);
    }

    private static Plugin plugin() {
        Plugin plugin = new Plugin();
        plugin.setGroupId("org.btfmu");
        plugin.setArtifactId("bt-fmu-maven-plugin");
        return plugin;
    }

    @Test
    void aBareDeclarationGetsTheThreeGoalsWithThePluginsConfiguration() {
        Plugin plugin = plugin();
        Xpp3Dom configuration = new Xpp3Dom("configuration");
        Xpp3Dom missions = new Xpp3Dom("missionsDirectory");
        missions.setValue("plans");
        configuration.addChild(missions);
        plugin.setConfiguration(configuration);

        DefaultGoals.addTo(projectWith(plugin));

        assertEquals(1, plugin.getExecutions().size());
        PluginExecution execution = plugin.getExecutionsAsMap().get("default-bt-fmu");
        assertEquals(List.of("validate", "build", "check"), execution.getGoals());
        Xpp3Dom copied = (Xpp3Dom) execution.getConfiguration();
        assertNotSame(configuration, copied);
        assertEquals("plans", copied.getChild("missionsDirectory").getValue());
    }

    @Test
    void executionsOfTheProjectAreLeftAsTheyAre() {
        Plugin plugin = plugin();
        PluginExecution own = new PluginExecution();
        own.setId("only-validate");
        own.setGoals(List.of("validate"));
        plugin.addExecution(own);

        DefaultGoals.addTo(projectWith(plugin));

        assertEquals(List.of(own), plugin.getExecutions());
    }

    /** Adding a sweep (not bound by default) must not cost the project its three goals. */
    @Test
    void anExecutionOfOnlyTheSweepKeepsTheThreeGoals() {
        Plugin plugin = plugin();
        PluginExecution sweep = new PluginExecution();
        sweep.setId("campaign");
        sweep.setGoals(List.of("sweep"));
        plugin.addExecution(sweep);

        DefaultGoals.addTo(projectWith(plugin));

        assertEquals(List.of("default-bt-fmu", "campaign"), plugin.getExecutions().stream().map(PluginExecution::getId)
                .toList(), "the three first: check before the sweep in phase verify");
        assertEquals(List.of("sweep"), plugin.getExecutionsAsMap().get("campaign").getGoals());
        assertEquals(List.of("validate", "build", "check"), plugin.getExecutionsAsMap().get("default-bt-fmu").getGoals());
    }

    @Test
    void projectsWithoutThePluginAreLeftAlone() {
        MavenProject project = projectWith(null);
        DefaultGoals.addTo(project);
        assertTrue(project.getBuildPlugins().isEmpty());
    }
}
