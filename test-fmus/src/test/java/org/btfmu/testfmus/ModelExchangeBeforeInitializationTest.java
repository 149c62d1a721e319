package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Callback;
import com.sun.jna.CallbackReference;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Found by the Model Exchange fuzzer under UndefinedBehaviorSanitizer: an instance that goes
 * from instantiated to error (an illegal call) never had its states initialized, yet
 * fmi2GetEventIndicators and fmi2GetDerivatives are allowed in error (values for debugging, FMI
 * 2.0.5 §3.2.3 condition 7); PointMassAircraft's equations then read waypoint 0, before its
 * array. The equations now wait for Initialization Mode; until then these values are 0.
 */
class ModelExchangeBeforeInitializationTest {

    private static final int FMI2_ERROR = 3;

    @TempDir
    Path dir;

    @Test
    void derivativesAndEventIndicatorsAreZeroInErrorBeforeInitialization() throws Exception {
        for (PlantFmu plant : new PlantFmu[] {PlantFmu.POINT_MASS_AIRCRAFT, PlantFmu.SOLAR_AIRCRAFT}) {
            Path unpacked = Files.createDirectories(dir.resolve(plant.modelName()));
            Document doc = unpack(plant, dir, unpacked);
            int ni = Integer.parseInt(doc.getDocumentElement().getAttribute("numberOfEventIndicators"));
            int nx = ((Element) doc.getElementsByTagName("Derivatives").item(0)).getElementsByTagName("Unknown")
                    .getLength();
            assertTrue(nx > 0, plant.modelName());
            NativeLibrary fmu = NativeLibrary.getInstance(unpacked.resolve(plant.modelName() + ".so").toString());
            Pointer component = instantiate(fmu, doc, unpacked.toUri().toString(), LOGGER);
            assertNotNull(component, "fmi2Instantiate(fmi2ModelExchange)");
            try {
                assertEquals(FMI2_ERROR, fmu.getFunction("fmi2ExitInitializationMode").invokeInt(
                        new Object[] {component}), "illegal in instantiated: into state error");
                double[] indicators = new double[ni];
                Arrays.fill(indicators, Double.NaN);
                call(fmu, "fmi2GetEventIndicators", component, indicators, ni);
                assertArrayEquals(new double[ni], indicators, plant.modelName());
                double[] derivatives = new double[nx];
                Arrays.fill(derivatives, Double.NaN);
                call(fmu, "fmi2GetDerivatives", component, derivatives, nx);
                assertArrayEquals(new double[nx], derivatives, plant.modelName());
            } finally {
                fmu.getFunction("fmi2FreeInstance").invokeVoid(new Object[] {component});
            }
        }
    }

    /** fmi2CallbackLogger (varargs ignored): nothing is logged on the paths used here. */
    public interface Logger extends Callback {
        void invoke(Pointer environment, String instanceName, int status, String category, String message);
    }

    private static final Logger LOGGER = (environment, instance, status, category, message) -> { };

    /** fmi2Instantiate as Model Exchange, with the logger and calloc/free; NULL if refused. */
    static Pointer instantiate(NativeLibrary fmu, Document doc, String resourceLocation, Logger logger) {
        return instantiate(fmu, doc, resourceLocation, logger, 0);
    }

    /** fmi2Instantiate as fmuType (0 Model Exchange, 1 Co-Simulation); NULL if refused. */
    static Pointer instantiate(NativeLibrary fmu, Document doc, String resourceLocation, Logger logger, int fmuType) {
        Memory callbacks = new Memory(5L * Native.POINTER_SIZE);
        NativeLibrary c = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME);
        callbacks.setPointer(0, CallbackReference.getFunctionPointer(logger));
        callbacks.setPointer(Native.POINTER_SIZE, c.getFunction("calloc"));
        callbacks.setPointer(2L * Native.POINTER_SIZE, c.getFunction("free"));
        callbacks.setPointer(3L * Native.POINTER_SIZE, Pointer.NULL);
        callbacks.setPointer(4L * Native.POINTER_SIZE, Pointer.NULL);
        String guid = doc.getDocumentElement().getAttribute("guid");
        return (Pointer) fmu.getFunction("fmi2Instantiate").invoke(Pointer.class,
                new Object[] {"probe", fmuType, guid, resourceLocation, callbacks, 0, 0});
    }

    /** The plant's library written to {@code unpacked}; its modelDescription.xml parsed. */
    static Document unpack(PlantFmu plant, Path dir, Path unpacked) throws Exception {
        Path library = unpacked.resolve(plant.modelName() + ".so");
        byte[] description;
        try (ZipFile zip = new ZipFile(plant.copyTo(dir).toFile())) {
            description = zip.getInputStream(zip.getEntry("modelDescription.xml")).readAllBytes();
            Files.write(library, zip.getInputStream(zip.getEntry("binaries/linux64/" + plant.modelName() + ".so"))
                    .readAllBytes());
        }
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(description));
    }

    private static void call(NativeLibrary fmu, String function, Object... arguments) {
        assertEquals(0, fmu.getFunction(function).invokeInt(arguments), function);
    }
}
