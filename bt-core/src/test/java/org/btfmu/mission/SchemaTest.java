package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** schema/mission.schema.json: every example passes, typical mistakes fail, and it matches the registry. */
class SchemaTest {

    static final Path SCHEMA = Path.of("..", "schema", "mission.schema.json");
    static final ObjectMapper JSON = new ObjectMapper();
    static JsonNode schemaNode;
    static JsonSchema schema;

    @BeforeAll
    static void load() throws IOException {
        schemaNode = JSON.readTree(SCHEMA.toFile());
        schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(schemaNode);
    }

    static Set<ValidationMessage> validate(String json) throws IOException {
        return schema.validate(JSON.readTree(json));
    }

    @Test
    void everyExampleValidates() throws IOException {
        for (Path example : ExamplesTest.examples()) {
            Set<ValidationMessage> errors = schema.validate(JSON.readTree(example.toFile()));
            assertTrue(errors.isEmpty(), example + ": " + errors);
        }
    }

    @Test
    void theLoaderTestsValidMissionsValidateToo() throws IOException {
        assertTrue(validate(MissionLoaderTest.mission(MissionLoaderTest.TREE)).isEmpty());
        for (String processing : List.of("\"event-driven\"", "{\"mode\": \"event-driven\"}",
                "{\"mode\": \"ticked\", \"period\": 0.5}")) {
            String json = MissionLoaderTest.withProcessing(processing);
            assertTrue(validate(json).isEmpty(), json);
        }
    }

    @Test
    void typicalMistakesFail() throws IOException {
        List<String> broken = List.of(
                MissionLoaderTest.withTask("{\"type\": \"Condition\", \"name\": \"c\"}"),
                MissionLoaderTest.withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"x\", \"predicat\": 1}"),
                MissionLoaderTest.withTask("{\"type\": \"Sequence\", \"name\": \"s\", \"children\": []}"),
                MissionLoaderTest.withTask("{\"type\": \"Loop\", \"name\": \"l\", \"count\": 1.5, \"children\": ["
                        + "{\"type\": \"Wait\", \"name\": \"w\", \"duration\": 1}]}"),
                MissionLoaderTest.withTask("{\"type\": \"Wait\", \"duration\": 1}"),
                MissionLoaderTest.withTask("{\"type\": \"Action\", \"name\": \"a.b\"}"),
                MissionLoaderTest.withTask("{\"type\": \"SubTree\", \"name\": \"s\"}"),
                MissionLoaderTest.mission("[{\"name\": \"x\", \"causality\": \"inout\", \"type\": \"Real\"}]",
                        MissionLoaderTest.TREE),
                MissionLoaderTest.mission("[{\"name\": \"1x\", \"causality\": \"input\", \"type\": \"Real\"}]",
                        MissionLoaderTest.TREE),
                MissionLoaderTest.withProcessing("\"ticked\""),
                MissionLoaderTest.withProcessing("{\"mode\": \"ticked\"}"),
                MissionLoaderTest.withProcessing("{\"mode\": \"ticked\", \"period\": 0}"),
                MissionLoaderTest.withProcessing("{\"mode\": \"ticked\", \"period\": \"1\"}"),
                MissionLoaderTest.withProcessing("{\"mode\": \"tick\", \"period\": 1}"),
                MissionLoaderTest.withProcessing("{\"mode\": \"event-driven\", \"period\": 1}"),
                "{\"name\": \"m\"}",
                "{\"name\": \"m\", \"tree\": " + MissionLoaderTest.TREE + ", \"extra\": 1}");
        for (String json : broken) {
            assertFalse(validate(json).isEmpty(), json);
        }
    }

    /** The schema's per-type rules list exactly the registry's parameters, required ones and child counts. */
    @Test
    void schemaMatchesTheRegistryManifest() {
        List<String> names = new ArrayList<>();
        for (TaskType type : TaskTypeRegistry.standard().types()) {
            names.add(type.name());
            JsonNode rule = ruleFor(type.name());
            assertNotNull(rule, "no schema rule for " + type.name());
            Set<String> properties = new TreeSet<>();
            rule.path("properties").fieldNames().forEachRemaining(properties::add);
            properties.removeAll(List.of("type", "name", "description", "children"));
            Set<String> parameters = new TreeSet<>();
            Set<String> required = new TreeSet<>();
            for (ParameterSpec spec : type.parameters()) {
                parameters.add(spec.name());
                if (spec.required()) {
                    required.add(spec.name());
                }
            }
            assertEquals(parameters, properties, type.name() + " parameters");
            Set<String> schemaRequired = new TreeSet<>();
            rule.path("required").forEach(r -> schemaRequired.add(r.asText()));
            schemaRequired.remove("children");
            assertEquals(required, schemaRequired, type.name() + " required parameters");
            JsonNode children = rule.path("properties").path("children");
            int min = children.path("minItems").asInt(0);
            int max = children.has("maxItems") ? children.get("maxItems").asInt() : TaskType.UNBOUNDED;
            assertEquals(type.minChildren(), min, type.name() + " minimum children");
            assertEquals(type.maxChildren(), max, type.name() + " maximum children");
        }
        names.add(TreeReader.SUBTREE);
        List<String> schemaNames = new ArrayList<>();
        schemaNode.at("/definitions/taskBody/properties/type/anyOf/0/enum").forEach(n -> schemaNames.add(n.asText()));
        assertEquals(names, schemaNames, "type names offered for completion");
    }

    private static JsonNode ruleFor(String typeName) {
        for (JsonNode rule : schemaNode.at("/definitions/taskBody/allOf")) {
            if (typeName.equals(rule.at("/if/properties/type/const").asText())) {
                return rule.get("then");
            }
        }
        return null;
    }
}
