package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuPackager;
import org.btfmu.scenario.Scenario;
import org.btfmu.scenario.ScenarioRun;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestReportTest {

    @TempDir
    Path project;

    private ScenarioRun.Outcome run(String name, String expect) throws Exception {
        Path fmu = project.resolve("climb_and_fly.fmu");
        new FmuPackager().build(MissionLoader.load(Projects.TEMPLATE_MISSION), new FmuPackager.Options(null, false), fmu);
        PlantFmu.POINT_MASS_AIRCRAFT.copyTo(Files.createDirectories(project.resolve("plant")));
        Path file = Projects.write(project.resolve(name + ".json"), """
                {"fmus": {"mission": "climb_and_fly", "plant": "plant/PointMassAircraft.fmu"},
                 "stop": 120, "step": 1,
                 "connections": [
                   {"from": "mission.mode", "to": "plant.mode"},
                   {"from": "mission.target_altitude", "to": "plant.target_altitude"},
                   {"from": "plant.altitude", "to": "mission.altitude"},
                   {"from": "plant.target_reached", "to": "mission.target_reached"}],
                 "expect": %s}
                """.formatted(expect));
        return ScenarioRun.run(Scenario.read(file, project, Map.of("climb_and_fly", fmu)), message -> { });
    }

    @Test
    void theReportIsSurefireStyleXml() throws Exception {
        ScenarioRun.Outcome outcome = run("report", """
                [{"variable": "plant.altitude", "at": 120, "min": 290, "max": 310},
                 {"variable": "mission.mode", "at": 1, "value": 3}]""");
        Path report = TestReport.write(project.resolve("reports"), "report", outcome);
        assertEquals("TEST-bt-fmu.report.xml", report.getFileName().toString());
        var document = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(report.toFile());
        var suite = document.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        var cases = suite.getElementsByTagName("testcase");
        assertEquals(0, ((org.w3c.dom.Element) cases.item(0)).getElementsByTagName("failure").getLength());
        var failure = (org.w3c.dom.Element) ((org.w3c.dom.Element) cases.item(1)).getElementsByTagName("failure")
                .item(0);
        assertEquals("expected mission.mode = 3 at 1 s, was 1 at 1 s", failure.getAttribute("message"));
    }
}
