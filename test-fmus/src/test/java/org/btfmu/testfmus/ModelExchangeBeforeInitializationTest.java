package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
            Document doc = ModelExchangeDependencyTest.unpack(plant, dir, unpacked);
            int ni = Integer.parseInt(doc.getDocumentElement().getAttribute("numberOfEventIndicators"));
            int nx = ((Element) doc.getElementsByTagName("Derivatives").item(0)).getElementsByTagName("Unknown")
                    .getLength();
            assertTrue(nx > 0, plant.modelName());
            NativeLibrary fmu = NativeLibrary.getInstance(unpacked.resolve(plant.modelName() + ".so").toString());
            Pointer component = ModelExchangeDependencyTest.instantiate(fmu, doc, unpacked);
            try {
                assertEquals(FMI2_ERROR, fmu.getFunction("fmi2ExitInitializationMode").invokeInt(
                        new Object[] {component}), "illegal in instantiated: into state error");
                double[] indicators = new double[ni];
                Arrays.fill(indicators, Double.NaN);
                ModelExchangeDependencyTest.call(fmu, "fmi2GetEventIndicators", component, indicators, ni);
                assertArrayEquals(new double[ni], indicators, plant.modelName());
                double[] derivatives = new double[nx];
                Arrays.fill(derivatives, Double.NaN);
                ModelExchangeDependencyTest.call(fmu, "fmi2GetDerivatives", component, derivatives, nx);
                assertArrayEquals(new double[nx], derivatives, plant.modelName());
            } finally {
                fmu.getFunction("fmi2FreeInstance").invokeVoid(new Object[] {component});
            }
        }
    }
}
