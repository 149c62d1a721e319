package org.btfmu.packager;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;

/** Missions the packager tests build FMUs from (test resources {@code missions/}). */
final class TestMissions {

    private TestMissions() {
    }

    /** Every causality, type and variability, units, bounds, text that needs escaping. */
    static Mission everything() {
        return load("everything.json");
    }

    /** One output, no status outputs, no description, no units. */
    static Mission minimal() {
        return load("minimal.json");
    }

    /** {@link #everything()} with one changed start value. */
    static Mission everythingWithOtherRadius() {
        String json = text("everything.json").replace("\"start\": 100,", "\"start\": 150,");
        return MissionLoader.load(json, "everything-150.json");
    }

    static String text(String name) {
        try (InputStream in = TestMissions.class.getResourceAsStream("/missions/" + name)) {
            if (in == null) {
                throw new IOException("missing test resource missions/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Mission load(String name) {
        return MissionLoader.load(text(name), name);
    }
}
