package org.btfmu.fmu;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.btfmu.core.TaskTypeRegistry;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;

/**
 * What an FMU's resources directory holds for the slave: the GUID of the build
 * (resources/guid.txt) and the mission (resources/mission.json) with its FMU
 * variables. Read once per directory and shared by all instances, so that a
 * second fmi2Instantiate costs no parsing. FMUs with equal runtime jars share
 * this class (one class loader per runtime in a process), so the cache is by
 * directory, and read again when an instance asks for another GUID: an
 * importer may extract another FMU into a directory it used before.
 */
record FmuResources(Path directory, String guid, Mission mission, ModelVariables variables,
        Set<String> interfaces) {

    static final String GUID_FILE = "guid.txt";
    static final String MISSION_FILE = "mission.json";
    /**
     * The interfaces the FMU was built with, one element name of modelDescription.xml a line
     * ({@value #CO_SIMULATION}, {@value #MODEL_EXCHANGE}); without it, Co-Simulation only.
     */
    static final String INTERFACES_FILE = "interfaces.txt";
    static final String CO_SIMULATION = "CoSimulation";
    static final String MODEL_EXCHANGE = "ModelExchange";

    /** Resources of an FMU with both interfaces. */
    FmuResources(Path directory, String guid, Mission mission, ModelVariables variables) {
        this(directory, guid, mission, variables, Set.of(CO_SIMULATION, MODEL_EXCHANGE));
    }

    FmuResources {
        interfaces = Set.copyOf(interfaces);
    }

    private static final Map<Path, FmuResources> LOADED = new ConcurrentHashMap<>();

    /**
     * The resources in the directory, read again unless what was read before has the
     * expected GUID; IllegalArgumentException naming the file if unusable.
     */
    static FmuResources of(Path directory, String expectedGuid) {
        FmuResources loaded = LOADED.get(directory);
        if (loaded == null || !loaded.guid().equals(expectedGuid)) {
            loaded = load(directory);
            LOADED.put(directory, loaded);
        }
        return loaded;
    }

    /**
     * As {@link #of}, and refused unless the resources were built with the FMU's model description:
     * IllegalArgumentException naming the argument ({@code fmuGUID}, {@code instantiationToken}),
     * both values and the file.
     */
    static FmuResources matching(Path directory, String token, String argument) {
        FmuResources resources = of(directory, token);
        if (!resources.guid().equals(token)) {
            throw new IllegalArgumentException(argument + " " + token + " does not match " + resources.guid()
                    + ", the one of this FMU's resources (" + directory.resolve(GUID_FILE)
                    + "): modelDescription.xml and the resources come from different builds");
        }
        return resources;
    }

    private static FmuResources load(Path directory) {
        String guid = read(directory.resolve(GUID_FILE)).strip();
        Path missionFile = directory.resolve(MISSION_FILE);
        Mission mission;
        try {
            // The build showed the mission's warnings; nothing at run time reads them. Every check
            // that refuses a mission still runs: a hand-edited mission.json is refused as before.
            mission = MissionLoader.load(missionFile, TaskTypeRegistry.standard(), MissionLoader.Warnings.SKIPPED);
        } catch (MissionException e) {
            // the message names the file, and each problem with its JSON pointer
            throw new IllegalArgumentException("the FMU's mission is invalid: " + e.getMessage(), e);
        }
        Path interfacesFile = directory.resolve(INTERFACES_FILE);
        Set<String> interfaces = Files.exists(interfacesFile) ? lines(read(interfacesFile).strip())
                : Set.of(CO_SIMULATION);
        return new FmuResources(directory, guid, mission, ModelVariables.of(mission), interfaces);
    }

    /**
     * The stripped lines of the text. A loop, not String.lines() with a stream: this runs at
     * the first fmi2Instantiate on the importer's thread, interpreted (BENCHMARKS.md section 6).
     */
    static Set<String> lines(String text) {
        Set<String> lines = new HashSet<>();
        try (BufferedReader reader = new BufferedReader(new StringReader(text))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line.strip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
        return Set.copyOf(lines);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("the FMU is incomplete: " + file + " is missing", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e, e);
        }
    }
}
