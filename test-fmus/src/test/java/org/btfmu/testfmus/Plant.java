package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.javafmi.proxy.FmiProxy;
import org.javafmi.proxy.Status;
import org.javafmi.wrapper.Simulation;

/** A plant FMU loaded through javafmi's high-level API, as any Java importer would. */
final class Plant implements AutoCloseable {

    private final Simulation simulation;

    private static final AtomicInteger LOADS = new AtomicInteger();

    Plant(PlantFmu fmu, Path directory) {
        // javafmi extracts to <tmp>/fmu_<millis><file name>: a fresh file name per load keeps
        // two loads within one millisecond apart.
        Path unique = directory.resolve(fmu.modelName() + "-" + LOADS.incrementAndGet() + ".fmu");
        try {
            Files.move(fmu.copyTo(directory), unique);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        simulation = new Simulation(unique.toString());
    }

    Plant set(String name, Object value) {
        assertEquals(Status.OK, simulation.writeVariable(name, value), "set " + name);
        return this;
    }

    /** javafmi's high-level writer has no Enumeration case: set it as the Integer it is in C. */
    Plant setEnumeration(String name, int value) {
        int vr = simulation.getModelDescription().getValueReference(name);
        assertEquals(Status.OK, ProxyAccess.of(simulation).setInteger(new int[] {vr}, new int[] {value}), "set " + name);
        return this;
    }

    Plant start() {
        assertEquals(Status.OK, simulation.init(0.0), "initialization");
        return this;
    }

    void step(double h) {
        assertEquals(Status.OK, simulation.doStep(h), "doStep at t=" + simulation.getCurrentTime());
    }

    double time() {
        return simulation.getCurrentTime();
    }

    double real(String name) {
        return simulation.read(name).asDouble();
    }

    int integer(String name) {
        return simulation.read(name).asInteger();
    }

    boolean bool(String name) {
        return simulation.read(name).asBoolean();
    }

    String string(String name) {
        return simulation.read(name).asString();
    }

    /** Reaches javafmi's protected accessor for the proxy under a Simulation. */
    private static final class ProxyAccess extends Simulation {
        static FmiProxy of(Simulation simulation) {
            return getProxy(simulation);
        }
    }

    @Override
    public void close() {
        simulation.terminate();
        simulation.getFmuFile().deleteTemporalFolder();
    }
}
