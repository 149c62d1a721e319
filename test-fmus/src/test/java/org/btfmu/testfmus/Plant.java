package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.javafmi.proxy.FmiProxy;
import org.javafmi.proxy.Status;
import org.javafmi.wrapper.Simulation;

/** A plant FMU loaded through javafmi's high-level API, as any Java importer would. */
final class Plant implements AutoCloseable {

    private final Simulation simulation;

    Plant(PlantFmu fmu, Path directory) {
        simulation = new Simulation(fmu.copyTo(directory).toString());
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
