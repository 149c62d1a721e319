package org.btfmu.btcpp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.mission.Mission;

/** A BT.CPP tree imported into a mission and run in one processing mode, for the tests. */
final class Run {

    final Mission mission;
    final TreeInstance tree;

    private Run(Mission mission, ProcessingMode mode) {
        this.mission = mission;
        this.tree = new TreeInstance(mission.tree(), mode);
    }

    /** Imports {@code xml} (and the bindings, if not null) from files written into {@code dir}. */
    static Run of(Path dir, String xml, String bindings, ProcessingMode mode) {
        try {
            Path file = dir.resolve("tree.xml");
            Files.writeString(file, xml);
            Path b = null;
            if (bindings != null) {
                b = dir.resolve("bindings.json");
                Files.writeString(b, bindings);
            }
            return new Run(TreeImporter.load(file, b), mode);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs an already imported mission. */
    static Run of(Mission mission, ProcessingMode mode) {
        return new Run(mission, mode);
    }

    /** The two modes every behaviour is checked in: event-driven, and ticked at 0.5 s. */
    static ProcessingMode[] modes() {
        return new ProcessingMode[] {ProcessingMode.EVENT_DRIVEN, ProcessingMode.ticked(0.5)};
    }

    Status status(String path) {
        int k = mission.tree().indexOf(path);
        if (k < 0) {
            throw new IllegalArgumentException("no task " + path + "; tasks: " + mission.tree().tasks());
        }
        return tree.status(k);
    }

    private int slot(String name) {
        int s = mission.tree().blackboard().indexOf(name);
        if (s < 0) {
            throw new IllegalArgumentException("no variable " + name);
        }
        return s;
    }

    Run set(String name, Object value) {
        int s = slot(name);
        if (value instanceof Boolean b) {
            tree.setBoolean(s, b);
        } else if (value instanceof Integer i) {
            tree.setInteger(s, i);
        } else if (value instanceof String v) {
            tree.setString(s, v);
        } else {
            tree.setReal(s, ((Number) value).doubleValue());
        }
        return this;
    }

    int integer(String name) {
        return tree.getInteger(slot(name));
    }

    double real(String name) {
        return tree.getReal(slot(name));
    }

    boolean bool(String name) {
        return tree.getBoolean(slot(name));
    }

    Run start() {
        tree.start(0);
        return this;
    }

    /** Advances to t (a multiple of the tick period in the ticked mode). */
    Run at(double t) {
        tree.advanceTo(t);
        return this;
    }

    /** Answers a handshake action X as the plant would: ack the current request with a result code. */
    Run answer(String id, int result, double t) {
        set(id + ".ack", integer(id + ".request"));
        set(id + ".result", result);
        return at(t);
    }
}
