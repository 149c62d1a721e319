package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.btfmu.checker.Checker;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ModelDescriptionTest {

    @TempDir
    Path dir;

    private byte[] entry(PlantFmu fmu, String name) throws Exception {
        try (ZipFile zip = new ZipFile(fmu.copyTo(dir).toFile())) {
            ZipEntry entry = zip.getEntry(name);
            assertNotNull(entry, name + " in " + fmu.modelName() + ".fmu");
            try (InputStream in = zip.getInputStream(entry)) {
                return in.readAllBytes();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(PlantFmu.class)
    void validatesAgainstTheOfficialSchemaAndTheRules(PlantFmu fmu) throws Exception {
        assertEquals(List.of(), Checker.checkModelDescription(entry(fmu, "modelDescription.xml")));
    }

    @ParameterizedTest
    @EnumSource(PlantFmu.class)
    void listsEveryOutputAsOutputAndInitialUnknownAndCarriesItsBinary(PlantFmu fmu) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(entry(fmu, "modelDescription.xml")));
        NodeList variables = doc.getElementsByTagName("ScalarVariable");
        List<String> outputIndexes = new ArrayList<>();
        List<String> derivativeIndexes = new ArrayList<>();
        for (int i = 0; i < variables.getLength(); i++) {
            Element v = (Element) variables.item(i);
            assertEquals(String.valueOf(i), v.getAttribute("valueReference"), "value references count from 0");
            if (v.getAttribute("causality").equals("output")) {
                outputIndexes.add(String.valueOf(i + 1));
            }
            Element real = (Element) v.getElementsByTagName("Real").item(0);
            if (real != null && !real.getAttribute("derivative").isEmpty()) {
                derivativeIndexes.add(String.valueOf(i + 1));
            }
        }
        assertEquals(outputIndexes, indexes(doc, "Outputs"));
        List<String> initialUnknowns = new ArrayList<>(outputIndexes);
        initialUnknowns.addAll(derivativeIndexes);
        assertEquals(initialUnknowns, indexes(doc, "InitialUnknowns"), "outputs, then the derivatives");
        boolean modelExchange = doc.getElementsByTagName("ModelExchange").getLength() == 1;
        assertEquals(modelExchange ? derivativeIndexes : List.of(),
                modelExchange ? indexes(doc, "Derivatives") : derivativeIndexes);
        Element coSimulation = (Element) doc.getElementsByTagName("CoSimulation").item(0);
        assertEquals(fmu.modelName(), coSimulation.getAttribute("modelIdentifier"));
        entry(fmu, "binaries/linux64/" + fmu.modelName() + ".so");
    }

    private static List<String> indexes(Document doc, String list) {
        Element element = (Element) doc.getElementsByTagName(list).item(0);
        List<String> result = new ArrayList<>();
        if (element == null) { // FMI 2.0 has no empty lists: a Model Exchange FMU without states has no <Derivatives>
            return result;
        }
        NodeList unknowns = element.getElementsByTagName("Unknown");
        for (int i = 0; i < unknowns.getLength(); i++) {
            result.add(((Element) unknowns.item(i)).getAttribute("index"));
        }
        return result;
    }
}
