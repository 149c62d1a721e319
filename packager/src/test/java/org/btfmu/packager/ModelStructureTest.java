package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The declared dependencies of mission FMUs: derived from the tree, per the slave's rule. */
class ModelStructureTest {

    /**
     * climb: target = climb_to (a parameter); cruise: target = gain * altitude (feedthrough).
     * With the start values the climb is done at once, so the feedthrough shows already in
     * Initialization Mode.
     */
    static final String FEEDTHROUGH = """
            {"name": "feed", "variables": [
              {"name": "altitude", "causality": "input", "type": "Real", "start": 10},
              {"name": "go", "causality": "input", "type": "Boolean"},
              {"name": "target", "causality": "output", "type": "Real"},
              {"name": "climb_to", "causality": "parameter", "type": "Real", "start": -1},
              {"name": "gain", "causality": "parameter", "type": "Real", "variability": "tunable", "start": 2},
              {"name": "label", "causality": "parameter", "type": "Real", "start": 7},
              {"name": "scaled", "causality": "local", "type": "Real"}
             ],
             "tree": {"type": "Root", "name": "feed", "children": [
               {"type": "Sequence", "name": "plan", "children": [
                 {"type": "Action", "name": "climb", "done": "altitude >= climb_to",
                  "outputs": {"target": "climb_to"}},
                 {"type": "Action", "name": "cruise", "done": "go",
                  "outputs": {"scaled": "gain * altitude", "target": "scaled"}}]}]}}
            """;

    /** The same tree, but no output expression reads an input (cruise: target = gain * label). */
    static final String NONE = FEEDTHROUGH.replace("\"gain * altitude\"", "\"gain * label\"");

    private static Map<String, String> unknowns(String missionText, String list) throws Exception {
        Mission mission = MissionLoader.load(missionText, "m.json");
        Document doc = FmiRules.parse(FmiRules.bytes(ModelDescription.render(mission,
                ModelVariables.of(mission), "m", "{g}", "test")));
        NodeList names = doc.getElementsByTagName("ScalarVariable");
        Element element = (Element) doc.getElementsByTagName(list).item(0);
        NodeList items = element.getElementsByTagName("Unknown");
        Map<String, String> result = new LinkedHashMap<>();
        for (int i = 0; i < items.getLength(); i++) {
            Element unknown = (Element) items.item(i);
            int index = Integer.parseInt(unknown.getAttribute("index"));
            StringBuilder deps = new StringBuilder();
            for (String k : unknown.getAttribute("dependencies").split(" ")) {
                if (!k.isEmpty()) {
                    deps.append(deps.isEmpty() ? "" : " ")
                            .append(((Element) names.item(Integer.parseInt(k) - 1)).getAttribute("name"));
                }
            }
            assertEquals(unknown.getAttribute("dependencies").isEmpty() ? ""
                    : "dependent ".repeat(deps.toString().split(" ").length).strip(),
                    unknown.getAttribute("dependenciesKind"));
            result.put(((Element) names.item(index - 1)).getAttribute("name"), deps.toString());
        }
        return result;
    }

    @Test
    void anOutputWhoseExpressionReadsAnInputDeclaresIt() throws Exception {
        assertEquals(Map.of("target", "altitude", "status.feed", "", "status.feed.plan", "",
                "status.feed.plan.climb", "", "status.feed.plan.cruise", ""),
                unknowns(FEEDTHROUGH, "Outputs"));
        assertEquals(Map.of("target", "altitude climb_to gain", "status.feed", "climb_to",
                "status.feed.plan", "climb_to", "status.feed.plan.climb", "climb_to",
                "status.feed.plan.cruise", "climb_to"), unknowns(FEEDTHROUGH, "InitialUnknowns"));
    }

    @Test
    void anOutputReadingOnlyParametersDependsOnNoInput() throws Exception {
        assertEquals("", unknowns(NONE, "Outputs").get("target"),
                "gain is tunable, but FMI 2.0 knows only inputs as knowns of <Outputs>");
        assertEquals("", unknowns(NONE, "Outputs").get("status.feed.plan.cruise"));
        assertEquals("climb_to gain label", unknowns(NONE, "InitialUnknowns").get("target"));
    }
}
