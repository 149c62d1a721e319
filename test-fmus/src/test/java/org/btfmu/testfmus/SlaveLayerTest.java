package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.javafmi.proxy.FmiProxyV2;
import org.javafmi.proxy.FmuFile;
import org.javafmi.proxy.ProxyFactory;
import org.javafmi.proxy.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generic layer's calling-sequence and argument checks, seen from an importer. */
class SlaveLayerTest {

    @TempDir
    Path dir;

    private FmuFile file;
    private FmiProxyV2 fmu;

    @BeforeEach
    void instantiate() {
        file = new FmuFile(PlantFmu.EXPONENTIAL_DECAY.copyTo(dir).toFile());
        fmu = (FmiProxyV2) ProxyFactory.createProxy(file);
        fmu.instantiate(file.getResourcesDirectoryPath());
    }

    @AfterEach
    void free() {
        fmu.freeInstance();
        file.deleteTemporalFolder();
    }

    private void initialize() {
        assertEquals(Status.OK, fmu.setUpExperiment(false, 0, 0, true, 10));
        assertEquals(Status.OK, fmu.enterInitializationMode());
        assertEquals(Status.OK, fmu.exitInitializationMode());
    }

    @Test
    void doStepBeforeInitializationIsAnError() {
        assertEquals(Status.ERROR, fmu.doStep(0, 1));
    }

    @Test
    void doStepFromAnotherTimeThanTheFmusIsAnError() {
        initialize();
        assertEquals(Status.OK, fmu.doStep(0, 1));
        assertEquals(Status.ERROR, fmu.doStep(0.5, 1));
    }

    @Test
    void doStepPastTheStopTimeIsAnError() {
        initialize();
        assertEquals(Status.ERROR, fmu.doStep(0, 10.5));
    }

    @Test
    void fixedParametersCannotBeSetAfterInitialization() {
        initialize();
        assertEquals(Status.ERROR, fmu.setReal(new int[] {0}, new double[] {2.0}));
    }

    @Test
    void unknownValueReferencesAndWrongTypesAreErrors() {
        initialize();
        assertEquals(Status.ERROR, fmu.setReal(new int[] {99}, new double[] {1.0}));
    }

    @Test
    void wrongTypeForAValueReferenceIsAnError() {
        initialize();
        assertEquals(Status.ERROR, fmu.setInteger(new int[] {0}, new int[] {1}));
    }

    @Test
    void errorStateAllowsOnlyResetAndThenWorksAgain() {
        initialize();
        assertEquals(Status.ERROR, fmu.doStep(0, -1));
        assertEquals(Status.ERROR, fmu.doStep(0, 1), "error state");
        assertEquals(Status.OK, fmu.reset());
        initialize();
        assertEquals(Status.OK, fmu.doStep(0, 1));
        assertEquals(Math.exp(-1), fmu.getReal(2)[0], 1e-9);
    }
}
