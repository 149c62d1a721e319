package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.junit.jupiter.api.Test;

/**
 * What Maven resolves to run any goal of the plugin: the dependencies in its descriptor. Spark
 * (~290 MB of jars, the campaign module's) is not among them: only the sweep goal resolves it,
 * when it runs (CampaignClassPath).
 */
class PluginDependenciesTest {

    @Test
    void theGoalsDoNotPullSparkOrTheCampaignModule() throws Exception {
        var descriptor = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(getClass().getResourceAsStream("/META-INF/maven/plugin.xml"));
        Element plugin = descriptor.getDocumentElement();
        NodeList dependencies = ((Element) plugin.getElementsByTagName("dependencies")
                .item(plugin.getElementsByTagName("dependencies").getLength() - 1)).getElementsByTagName("dependency");
        List<String> coordinates = new ArrayList<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            coordinates.add(text(dependency, "groupId") + ":" + text(dependency, "artifactId"));
        }
        assertTrue(coordinates.contains("org.btfmu:bt-fmu-scenario"), coordinates.toString());
        assertFalse(coordinates.contains("org.btfmu:" + CampaignClassPath.ARTIFACT_ID), coordinates.toString());
        assertTrue(coordinates.stream().noneMatch(c -> c.startsWith("org.apache.spark:")), coordinates.toString());
    }

    private static String text(Element element, String child) {
        return element.getElementsByTagName(child).item(0).getTextContent();
    }
}
