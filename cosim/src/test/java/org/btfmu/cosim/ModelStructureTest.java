package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelStructureTest {

    @TempDir
    Path dir;

    private Path fmu(String modelStructure) throws IOException {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <fmiModelDescription fmiVersion="2.0" modelName="m" guid="{0}">
                  <TypeDefinitions>
                    <SimpleType name="Colour"><Enumeration><Item name="red" value="1"/><Item name="blue" value="3"/></Enumeration></SimpleType>
                    <SimpleType name="Length"><Real unit="m"/></SimpleType>
                  </TypeDefinitions>
                  <ModelVariables>
                    <ScalarVariable name="u1" valueReference="0" causality="input"><Real declaredType="Length" start="0"/></ScalarVariable>
                    <ScalarVariable name="u2" valueReference="1" causality="input"><Integer start="0"/></ScalarVariable>
                    <ScalarVariable name="p" valueReference="2" causality="parameter" variability="fixed"><Real start="1"/></ScalarVariable>
                    <ScalarVariable name="y1" valueReference="3" causality="output"><Real unit="s"/></ScalarVariable>
                    <ScalarVariable name="y2" valueReference="4" causality="output"><Enumeration declaredType="Colour"/></ScalarVariable>
                    <ScalarVariable name="y3" valueReference="5" causality="output" initial="exact"><Integer start="0"/></ScalarVariable>
                  </ModelVariables>
                  <DefaultExperiment startTime="0" stopTime="3"/>
                """ + modelStructure + "\n</fmiModelDescription>\n";
        Path fmu = dir.resolve("m" + System.nanoTime() + ".fmu");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(fmu))) {
            zip.putNextEntry(new ZipEntry("modelDescription.xml"));
            zip.write(xml.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return fmu;
    }

    @Test
    void anEmptyDependencyListIsNoFeedthroughAndAMissingOneIsEveryInput() throws Exception {
        ModelStructure s = ModelStructure.read(fmu("""
                <ModelStructure>
                  <Outputs><Unknown index="4" dependencies=""/><Unknown index="5"/><Unknown index="6" dependencies="2 3"/></Outputs>
                  <InitialUnknowns><Unknown index="4" dependencies="1"/><Unknown index="5" dependencies="3"/></InitialUnknowns>
                </ModelStructure>"""));
        assertEquals(Set.of(), s.inputsOf("y1", ModelStructure.Mode.STEP));
        assertEquals(Set.of("u1", "u2"), s.inputsOf("y2", ModelStructure.Mode.STEP));
        assertEquals(Set.of("u2"), s.inputsOf("y3", ModelStructure.Mode.STEP), "the parameter is no input");
        assertEquals(Set.of("u1"), s.inputsOf("y1", ModelStructure.Mode.INITIALIZATION));
        assertEquals(Set.of(), s.inputsOf("y2", ModelStructure.Mode.INITIALIZATION));
        assertEquals(Set.of(), s.inputsOf("y3", ModelStructure.Mode.INITIALIZATION), "exact: not an initial unknown");
    }

    @Test
    void anOutputMissingFromOutputsMayDependOnEveryInput() throws Exception {
        ModelStructure s = ModelStructure.read(fmu("<ModelStructure><Outputs/></ModelStructure>"));
        assertEquals(Set.of("u1", "u2"), s.inputsOf("y1", ModelStructure.Mode.STEP));
    }

    @Test
    void enumerationItemsUnitsAndTheDefaultExperimentAreRead() throws Exception {
        ModelStructure s = ModelStructure.read(fmu("<ModelStructure/>"));
        assertEquals(List.of(new ModelStructure.Item("red", 1), new ModelStructure.Item("blue", 3)),
                s.enumerations().get("Colour"));
        assertEquals("Colour", s.declaredType("y2"));
        assertEquals("m", s.unit("u1"), "from its declared type");
        assertEquals("s", s.unit("y1"));
        double[] experiment = s.defaultExperiment();
        assertEquals(0.0, experiment[0]);
        assertEquals(3.0, experiment[1]);
        assertEquals(Double.NaN, experiment[2]);
    }
}
