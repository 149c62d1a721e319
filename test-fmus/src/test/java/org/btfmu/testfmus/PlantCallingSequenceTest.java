package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.CallbackReference;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The plants' generic FMI layer (slave.c) against the rules the mission FMUs follow too
 * (FMI 2.0.5 §2.1.5 resource location, §3.2.3 fmi2SetTime and condition 5, the declared log
 * categories): illegal calls return fmi2Error with a message naming the function, legal ones
 * fmi2OK. PointMassAircraft as Model Exchange, called directly through JNA.
 */
class PlantCallingSequenceTest {

    private static final int OK = 0;
    private static final int DISCARD = 2;
    private static final int ERROR = 3;

    @TempDir
    Path dir;

    private final List<String> messages = new ArrayList<>();
    /** Held in a field: JNA frees a callback whose Java object is collected. */
    private final ModelExchangeBeforeInitializationTest.Logger logger =
            (environment, instance, status, category, message) -> messages.add(category + ": " + message);
    private NativeLibrary fmu;
    private Document doc;
    private Path unpacked;

    @BeforeEach
    void load() throws Exception {
        PlantFmu plant = PlantFmu.POINT_MASS_AIRCRAFT;
        unpacked = Files.createDirectories(dir.resolve(plant.modelName()));
        doc = ModelExchangeBeforeInitializationTest.unpack(plant, dir, unpacked);
        fmu = NativeLibrary.getInstance(unpacked.resolve(plant.modelName() + ".so").toString());
    }

    @Test
    void aNullOrNonFileResourceLocationIsRefusedWithAMessage() {
        for (String location : new String[] {null, "http://example.org/resources"}) {
            messages.clear();
            assertNull(instantiate(location), String.valueOf(location));
            assertTrue(messages.size() == 1 && messages.get(0).contains("fmi2Instantiate")
                    && messages.get(0).contains("fmuResourceLocation"), messages.toString());
        }
    }

    @Test
    void aNullOrEmptyInstanceNameIsRefusedWithAMessage() {
        for (String name : new String[] {null, ""}) {
            messages.clear();
            Memory callbacks = new Memory(5L * Native.POINTER_SIZE);
            NativeLibrary libc = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME);
            callbacks.setPointer(0, CallbackReference.getFunctionPointer(logger));
            callbacks.setPointer(Native.POINTER_SIZE, libc.getFunction("calloc"));
            callbacks.setPointer(2L * Native.POINTER_SIZE, libc.getFunction("free"));
            callbacks.setPointer(3L * Native.POINTER_SIZE, Pointer.NULL);
            callbacks.setPointer(4L * Native.POINTER_SIZE, Pointer.NULL);
            Pointer c = (Pointer) fmu.getFunction("fmi2Instantiate").invoke(Pointer.class, new Object[] {name, 1,
                    doc.getDocumentElement().getAttribute("guid"), unpacked.toUri().toString(), callbacks, 0, 0});
            if (c != null) free(c);
            assertNull(c, "instanceName " + (name == null ? "NULL" : "\"\""));
            assertTrue(messages.size() == 1 && messages.get(0).contains("fmi2Instantiate")
                    && messages.get(0).contains("instanceName"), messages.toString());
        }
    }

    @Test
    void everyDeclaredLogCategoryIsAcceptedAndAnUndeclaredOneRefused() throws Exception {
        Pointer c = instantiate(unpacked.toUri().toString());
        try {
            NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath()
                    .evaluate("//LogCategories/Category/@name", doc, XPathConstants.NODESET);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) names.add(nodes.item(i).getNodeValue());
            assertTrue(names.contains("logStatusWarning"), names.toString());
            for (String name : names) {
                assertEquals(OK, call("fmi2SetDebugLogging", c, 1, 1L, new String[] {name}), name);
            }
            assertError("fmi2SetDebugLogging", call("fmi2SetDebugLogging", c, 1, 1L, new String[] {"logNothing"}));
        } finally {
            free(c);
        }
    }

    @Test
    void aNonFiniteStartTimeIsRefused() {
        Pointer c = instantiate(unpacked.toUri().toString());
        try {
            assertError("fmi2SetupExperiment", call("fmi2SetupExperiment", c, 0, 0.0, Double.NaN, 0, 0.0));
            assertEquals(OK, call("fmi2Reset", c));
            assertError("fmi2SetupExperiment", call("fmi2SetupExperiment", c, 0, 0.0, 0.0, 1, Double.NaN));
        } finally {
            free(c);
        }
    }

    @Test
    void setTimeRefusesNonFiniteTimesTimesBeforeTheLastEventAndPastTheStopTime() {
        for (double t : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1.0, 3.0,
                100.5}) {
            Pointer c = continuousTimeModeAfterAnEventAt(4.0);
            try {
                assertError("fmi2SetTime", call("fmi2SetTime", c, t));
            } finally {
                free(c);
            }
        }
        Pointer c = continuousTimeModeAfterAnEventAt(4.0);
        try {
            assertEquals(OK, call("fmi2SetTime", c, 9.0));
            assertEquals(OK, call("fmi2SetTime", c, 4.0), "back within the interval, to the event instant");
            assertEquals(OK, call("fmi2SetTime", c, 100.0), "the stop time itself");
        } finally {
            free(c);
        }
    }

    @Test
    void aContinuousStateCanBeSetInContinuousTimeModeButNotInEventMode() throws Exception {
        int vr = Integer.parseInt(XPathFactory.newInstance().newXPath()
                .evaluate("//ScalarVariable[@name='x']/@valueReference", doc));
        Pointer c = continuousTimeModeAfterAnEventAt(4.0);
        try {
            assertEquals(OK, call("fmi2SetReal", c, new int[] {vr}, 1L, new double[] {123.5}), messages.toString());
            double[] x = new double[1];
            assertEquals(OK, call("fmi2GetReal", c, new int[] {vr}, 1L, x));
            assertEquals(123.5, x[0], 0.0);
            assertEquals(OK, call("fmi2EnterEventMode", c));
            assertError("fmi2SetReal", call("fmi2SetReal", c, new int[] {vr}, 1L, new double[] {1.0}));
        } finally {
            free(c);
        }
    }

    @Test
    void coSimulationRefusesANaNCommunicationPointAndDiscardsStatusesItCannotGive() {
        Pointer c = coSimulationAtStart();
        try {
            assertEquals(OK, call("fmi2DoStep", c, 0.0, 1.0, 0));
            double[] time = new double[1];
            assertEquals(OK, call("fmi2GetRealStatus", c, 2, time), "fmi2LastSuccessfulTime");
            assertEquals(1.0, time[0], 0.0);
            int[] value = new int[1];
            assertEquals(DISCARD, call("fmi2GetStatus", c, 0, value), "fmi2DoStepStatus: no asynchronous step");
            assertEquals(DISCARD, call("fmi2GetIntegerStatus", c, 1, value), "fmi2PendingStatus");
            assertEquals(DISCARD, call("fmi2GetBooleanStatus", c, 0, value), "only fmi2Terminated");
            assertEquals(OK, call("fmi2DoStep", c, 1.0, 1.0, 0), "a discard is no error");
            assertError("fmi2DoStep", call("fmi2DoStep", c, Double.NaN, 1.0, 0));
        } finally {
            free(c);
        }
    }

    /** FMI 2.0 §4.2.3: a step too long to take in one call stops early with fmi2Discard. */
    @Test
    void aStepOfTooManyInternalStepsStopsEarlyWithDiscardAndSaysWhere() {
        Pointer c = coSimulationAtStart();
        try {
            assertEquals(DISCARD, call("fmi2DoStep", c, 0.0, 1e300, 0));
            assertTrue(messages.get(messages.size() - 1).startsWith("logStatusDiscard: fmi2DoStep"), messages.toString());
            double[] time = new double[1];
            assertEquals(OK, call("fmi2GetRealStatus", c, 2, time), "fmi2LastSuccessfulTime");
            assertTrue(time[0] > 0 && time[0] < 1e300, "stopped at " + time[0]);
            assertTrue(messages.get(messages.size() - 1).contains(String.valueOf(time[0]).substring(0, 6)),
                    messages.toString());
            assertError("fmi2DoStep", call("fmi2DoStep", c, time[0], 1.0, 0)); // stepFailed: no more steps
        } finally {
            free(c);
        }
    }

    /** A Co-Simulation instance initialized at t = 0 without a stop time. */
    private Pointer coSimulationAtStart() {
        Pointer c = ModelExchangeBeforeInitializationTest.instantiate(fmu, doc, unpacked.toUri().toString(), logger, 1);
        assertNotNull(c, messages.toString());
        assertEquals(OK, call("fmi2SetupExperiment", c, 0, 0.0, 0.0, 0, 0.0));
        assertEquals(OK, call("fmi2EnterInitializationMode", c));
        assertEquals(OK, call("fmi2ExitInitializationMode", c));
        return c;
    }

    /** Initialized with stop time 100, an event at t, then Continuous-Time Mode. */
    private Pointer continuousTimeModeAfterAnEventAt(double t) {
        Pointer c = instantiate(unpacked.toUri().toString());
        assertEquals(OK, call("fmi2SetupExperiment", c, 0, 0.0, 0.0, 1, 100.0));
        assertEquals(OK, call("fmi2EnterInitializationMode", c));
        assertEquals(OK, call("fmi2ExitInitializationMode", c));
        assertEquals(OK, call("fmi2EnterContinuousTimeMode", c));
        assertEquals(OK, call("fmi2SetTime", c, t));
        assertEquals(OK, call("fmi2EnterEventMode", c));
        assertEquals(OK, call("fmi2EnterContinuousTimeMode", c));
        messages.clear();
        return c;
    }

    private void assertError(String function, int status) {
        assertEquals(ERROR, status, function);
        assertTrue(!messages.isEmpty() && messages.get(messages.size() - 1).contains(function), messages.toString());
    }

    private Pointer instantiate(String location) {
        Pointer c = ModelExchangeBeforeInitializationTest.instantiate(fmu, doc, location, logger);
        if (location != null && location.startsWith("file:")) assertNotNull(c, messages.toString());
        return c;
    }

    private int call(String function, Object... arguments) {
        return fmu.getFunction(function).invokeInt(arguments);
    }

    private void free(Pointer c) {
        fmu.getFunction("fmi2FreeInstance").invokeVoid(new Object[] {c});
    }
}
