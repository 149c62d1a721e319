package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SSP export and read with FMI 3.0 components, mixed with an FMI 2.0 one: the Reference
 * FMUs' FMI 3.0 Dahlquist feeds their FMI 3.0 Feedthrough (a Float32 input) and FMI 2.0
 * Feedthrough; the FMI 3.0 Feedthrough's Int8 output feeds the FMI 2.0 one's Int32 input.
 * The system structure validates against the SSP 1.0 schemas with FMI 3.0's types as SSP's
 * (Float32 as ssc:Real, Int8 as ssc:Integer, Binary as ssc:Binary), and read back it runs
 * to the same CSV as the connections file. Skipped without ../shared/reference-fmus.
 */
class Fmi3SspTest {

    private static final Path REFERENCE = Path.of("..", "..", "shared", "reference-fmus");

    @TempDir
    Path dir;

    private final List<CoSimulation.FmuSpec> specs = List.of(
            new CoSimulation.FmuSpec("dahlquist", REFERENCE.resolve("3.0/Dahlquist.fmu")),
            new CoSimulation.FmuSpec("through3", REFERENCE.resolve("3.0/Feedthrough.fmu")),
            new CoSimulation.FmuSpec("through2", REFERENCE.resolve("2.0/fixed/Feedthrough.fmu")));

    private Path connections() throws Exception {
        return Files.writeString(dir.resolve("connections.json"), """
                {"connections": [
                   {"from": "dahlquist.x", "to": "through3.Float32_continuous_input"},
                   {"from": "dahlquist.x", "to": "through2.Float64_continuous_input"},
                   {"from": "through3.Int8_output", "to": "through2.Int32_input"}],
                 "parameters": {"through3.Int8_input": -5, "through3.Float64_continuous_input": 0.25}}
                """);
    }

    private String simulate(List<CoSimulation.FmuSpec> fmus, Path csv, Experiment experiment,
            java.util.function.Function<List<FmuInstance>, ConnectionFile> wiring) {
        try (CoSimulation sim = CoSimulation.load(fmus, m -> { }); CsvWriter writer = new CsvWriter(csv)) {
            ConnectionFile file = wiring.apply(sim.fmus());
            sim.connect(file.connections());
            sim.set(file.parameters());
            sim.run(experiment.start(), experiment.stop(), experiment.step(), sim.allOutputs(), List.of(writer), f -> { });
        }
        try {
            return Files.readString(csv);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void anSspWithFmi3ComponentsValidatesAndRunsLikeItsConnectionsFile() throws Exception {
        assumeTrue(specs.stream().allMatch(s -> Files.isRegularFile(s.path())), "no Reference FMUs");
        Path connections = connections();
        Experiment experiment = new Experiment(0, 1, 0.1);
        Path ssp = dir.resolve("mixed.ssp");
        try (CoSimulation sim = CoSimulation.load(specs, m -> { })) {
            ConnectionFile file = ConnectionFile.read(connections, sim.fmus());
            SspWriter.write(ssp, "mixed", sim.fmus(), file.connections(), file.parameters(), experiment);
        }
        byte[] ssd;
        try (ZipFile zip = new ZipFile(ssp.toFile()); InputStream in = zip.getInputStream(zip.getEntry("SystemStructure.ssd"))) {
            ssd = in.readAllBytes();
        }
        var schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(new StreamSource[] {
            new StreamSource(getClass().getResource("/ssp-schema/SystemStructureDescription.xsd").toString()),
            new StreamSource(getClass().getResource("/ssp-schema/SystemStructureParameterValues.xsd").toString())});
        schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(ssd)));
        String text = new String(ssd, StandardCharsets.UTF_8);
        assertTrue(text.contains("name=\"Float32_continuous_input\">\n            <ssc:Real/>"), text);
        assertTrue(text.contains("name=\"Int8_output\">\n            <ssc:Integer/>"), text);
        assertTrue(text.contains("name=\"Binary_output\">\n            <ssc:Binary/>"), text);
        assertTrue(text.contains("<ssv:Integer value=\"-5\"/>"), text);

        String direct = simulate(specs, dir.resolve("direct.csv"), experiment,
                fmus -> ConnectionFile.read(connections, fmus));
        String viaSsp;
        try (SspArchive archive = SspArchive.open(ssp)) {
            assertEquals(experiment, archive.experiment());
            viaSsp = simulate(archive.fmus(), dir.resolve("ssp.csv"), archive.experiment(), archive::wiring);
        }
        assertEquals(direct, viaSsp);
        List<String> header = List.of(direct.lines().findFirst().orElseThrow().split(","));
        String[] last = direct.lines().reduce((a, b) -> b).orElseThrow().split(",");
        assertEquals("-5", last[header.indexOf("through2.Int32_output")], "Int8 -5 reached the FMI 2.0 Int32 input");
        assertEquals(Double.parseDouble(last[header.indexOf("dahlquist.x")]),
                Double.parseDouble(last[header.indexOf("through2.Float64_continuous_output")]), 1e-15);
    }
}
