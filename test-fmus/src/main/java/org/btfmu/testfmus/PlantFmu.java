package org.btfmu.testfmus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The plant FMUs this module builds from C (see the Makefile), packed as class-path
 * resources {@code org/btfmu/testfmus/<Model>.fmu} (FMI 2.0) and {@code <Model>_fmi3.fmu}
 * (FMI 3.0: the same model code with the FMI 3.0 layer) so that other modules' tests and
 * the demo can use them.
 */
public enum PlantFmu {
    /** dx/dt = -k x: the analytic answer x0 exp(-k t). */
    EXPONENTIAL_DECAY("ExponentialDecay"),
    /** Outputs equal inputs for Real, Integer, Boolean, String and Enumeration. */
    FEEDTHROUGH("Feedthrough"),
    /** Point-mass aircraft with autopilot modes and a waypoint list (2013 paper, section 6). */
    POINT_MASS_AIRCRAFT("PointMassAircraft"),
    /** Solar high-altitude aircraft, one day of energy balance (2014 paper, section 6). */
    SOLAR_AIRCRAFT("SolarAircraft"),
    /** y = 2 u, declared as depending on no input: an untrue model description for bt-fmu check. */
    HIDDEN_FEEDTHROUGH("HiddenFeedthrough"),
    /** dy/dt = u, declared with direct feedthrough from u: more than true, for bt-fmu check. */
    PHANTOM_DEPENDENCY("PhantomDependency"),
    /** dx/dt = v, dv/dt = u - x, der(v) declared without x and der(x) with it: untrue, for bt-fmu check. */
    HIDDEN_STATE_DEPENDENCY("HiddenStateDependency"),
    /** Test FMU for time events: the Integer count jumps at 2.5, 5, 7.5 ... s. */
    STAIRCASE("Staircase"),
    /** Test FMU for a state event: x = exp(-t) crosses 0.5 at ln 2, the Boolean low switches. */
    LEVEL_CROSSING("LevelCrossing");

    private final String modelName;

    PlantFmu(String modelName) {
        this.modelName = modelName;
    }

    /** The model name, which is also the modelIdentifier and the file name without ".fmu". */
    public String modelName() {
        return modelName;
    }

    /** Copies the FMI 2.0 FMU into {@code directory} as {@code <Model>.fmu} and returns its path. */
    public Path copyTo(Path directory) {
        return copy(modelName + ".fmu", directory);
    }

    /** Copies the FMI 3.0 FMU into {@code directory} as {@code <Model>_fmi3.fmu} and returns its path. */
    public Path copyFmi3To(Path directory) {
        return copy(modelName + "_fmi3.fmu", directory);
    }

    private static Path copy(String resource, Path directory) {
        try (InputStream in = PlantFmu.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource org/btfmu/testfmus/" + resource
                        + " is missing: the test-fmus build (make) did not run");
            }
            Path target = directory.resolve(resource);
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
