package org.btfmu.maven;

import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * {@code bt-fmu:validate}: every mission file is loaded and checked as
 * {@code bt-fmu validate} does; every problem becomes a Maven error naming the
 * file, line, column and JSON pointer, and any problem fails the build.
 */
@Mojo(name = "validate", defaultPhase = LifecyclePhase.VALIDATE, threadSafe = true)
public final class ValidateMojo extends MissionsMojo {

    @Override
    public void execute() throws MojoFailureException {
        if (skip) {
            getLog().info("bt-fmu: validation skipped");
            return;
        }
        if (!hasMissions()) {
            return;
        }
        List<MissionSet.Entry> missions = loadMissions();
        getLog().info("bt-fmu: " + missions.size() + (missions.size() == 1 ? " mission" : " missions")
                + " valid in " + missionsDirectory);
    }
}
