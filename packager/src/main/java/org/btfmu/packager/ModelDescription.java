package org.btfmu.packager;

import static org.btfmu.packager.Markup.escape;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.btfmu.core.Status;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.fmu.LogCategory;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.fmu.ModelVariables.Initial;
import org.btfmu.mission.Mission;

/**
 * Writes an FMU's {@code modelDescription.xml} (FMI 2.0, Model Exchange and/or
 * Co-Simulation) from the template {@code modelDescription-templates/modelDescription.xml}
 * and its interface elements {@code modelExchange.xml} and {@code coSimulation.xml}.
 *
 * <p>The variables come from {@link ModelVariables}, so the description and the
 * slave agree on value references by construction. The model structure lists
 * every output under {@code <Outputs>} and {@code <InitialUnknowns>} with its exact
 * dependencies ({@link ModelStructure}). No generation date is written, so the same
 * mission gives the same bytes.
 */
final class ModelDescription {

    /** FMI 2.0 §2.2.9 "structured" names, without the {@code der(…)} form we never produce. */
    private static final Pattern STRUCTURED_NAME;

    static {
        String qChar = "[A-Za-z0-9_!#$%&()*+,\\-./:;<>=?@\\[\\]^{}|~ ]";
        String escapeSeq = "\\\\['\"?\\\\abfnrtv]";
        String bName = "(?:[A-Za-z_][A-Za-z0-9_]*|'(?:" + qChar + "|" + escapeSeq + ")+')";
        String indices = "(?:\\[[0-9]+(?:,[0-9]+)*])?";
        STRUCTURED_NAME = Pattern.compile(bName + indices + "(?:\\." + bName + indices + ")*");
    }

    private ModelDescription() {
    }

    /**
     * The XML text. {@code guid} may be empty (the content hash is taken over the
     * description without its GUID).
     */
    static String render(Mission mission, ModelVariables variables, String modelIdentifier,
            String guid, String generationTool) {
        return render(mission, variables, modelIdentifier, guid, generationTool,
                EnumSet.allOf(FmuInterface.class));
    }

    /**
     * The XML text of an FMU offering the given interfaces. With Model Exchange,
     * {@code numberOfEventIndicators} is the number of the tree's crossing functions;
     * there are no continuous states, so no {@code <Derivatives>}.
     */
    static String render(Mission mission, ModelVariables variables, String modelIdentifier,
            String guid, String generationTool, Set<FmuInterface> interfaces) {
        checkTypeNameIsFree(variables);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("modelName", escape(mission.name()));
        values.put("guid", escape(guid));
        values.put("descriptionAttribute", isBlank(mission.description()) ? ""
                : "  description=\"" + escape(mission.description()) + "\"\n");
        values.put("generationTool", escape(generationTool));
        values.put("variableNamingConvention", namingConvention(variables));
        boolean modelExchange = interfaces.contains(FmuInterface.MODEL_EXCHANGE);
        values.put("numberOfEventIndicators",
                String.valueOf(modelExchange ? mission.tree().crossingCount() : 0));
        Map<String, String> identifier = Map.of("modelIdentifier", escape(modelIdentifier));
        values.put("modelExchange", modelExchange ? Template.load("modelExchange.xml").render(identifier) : "");
        values.put("coSimulation", interfaces.contains(FmuInterface.CO_SIMULATION)
                ? Template.load("coSimulation.xml").render(identifier) : "");
        values.put("unitDefinitions", unitDefinitions(variables));
        values.put("typeDefinitions", typeDefinitions(variables));
        values.put("logCategories", logCategories());
        values.put("modelVariables", modelVariables(variables));
        ModelStructure structure = new ModelStructure(variables, mission.tree());
        values.put("outputs", structure.outputs());
        values.put("initialUnknowns", structure.initialUnknowns());
        return Template.load("modelDescription.xml").render(values);
    }

    /** "structured" when every name follows FMI 2.0 §2.2.9, else "flat" (which allows any name). */
    static String namingConvention(ModelVariables variables) {
        for (Entry entry : variables.entries()) {
            if (!STRUCTURED_NAME.matcher(entry.name()).matches()) {
                return "flat";
            }
        }
        return "structured";
    }

    /** FMI 2.0 §2.2.3: a type name must differ from every variable name. */
    private static void checkTypeNameIsFree(ModelVariables variables) {
        boolean hasStatus = variables.entries().stream().anyMatch(Entry::isTaskStatus);
        if (hasStatus && variables.find(ModelVariables.STATUS_TYPE).isPresent()) {
            throw new IllegalArgumentException("variable '" + ModelVariables.STATUS_TYPE
                    + "' has the name of the enumeration type of the task status outputs;"
                    + " rename it or set statusOutputs to false");
        }
    }

    /**
     * Units of Real variables in order of first use, with their SI base unit where
     * {@link BaseUnits} knows it; FMI 2.0 forbids an empty list.
     */
    static String unitDefinitions(ModelVariables variables) {
        Set<String> units = new LinkedHashSet<>();
        for (Entry entry : variables.entries()) {
            if (entry.type() == SlotType.REAL && entry.unit() != null) {
                units.add(entry.unit());
            }
        }
        if (units.isEmpty()) {
            return "";
        }
        StringBuilder xml = new StringBuilder("  <UnitDefinitions>\n");
        for (String unit : units) {
            String baseUnit = BaseUnits.element(unit);
            xml.append("    <Unit name=\"").append(escape(unit)).append('"');
            xml.append(baseUnit == null ? "/>\n" : ">" + baseUnit + "</Unit>\n");
        }
        return xml.append("  </UnitDefinitions>\n").toString();
    }

    private static String typeDefinitions(ModelVariables variables) {
        if (variables.entries().stream().noneMatch(Entry::isTaskStatus)) {
            return "";
        }
        StringBuilder xml = new StringBuilder("  <TypeDefinitions>\n")
                .append("    <SimpleType name=\"").append(ModelVariables.STATUS_TYPE)
                .append("\" description=\"Status of a behavior-tree task\">\n")
                .append("      <Enumeration>\n");
        for (Status status : Status.values()) {
            xml.append("        <Item name=\"").append(status.name()).append("\" value=\"")
                    .append(ModelVariables.statusValue(status)).append("\"/>\n");
        }
        return xml.append("      </Enumeration>\n    </SimpleType>\n  </TypeDefinitions>\n")
                .toString();
    }

    static String logCategories() {
        StringBuilder xml = new StringBuilder("  <LogCategories>\n");
        for (LogCategory category : LogCategory.values()) {
            xml.append("    <Category name=\"").append(escape(category.fmiName()))
                    .append("\" description=\"").append(escape(category.description()))
                    .append("\"/>\n");
        }
        return xml.append("  </LogCategories>\n").toString();
    }

    private static String modelVariables(ModelVariables variables) {
        StringBuilder xml = new StringBuilder();
        for (Entry entry : variables.entries()) {
            xml.append("    <!-- Index ").append(entry.valueReference() + 1).append(" -->\n");
            xml.append("    <ScalarVariable name=\"").append(escape(entry.name()))
                    .append("\" valueReference=\"").append(entry.valueReference()).append('"');
            if (!isBlank(entry.description())) {
                xml.append(" description=\"").append(escape(entry.description())).append('"');
            }
            xml.append(" causality=\"").append(lower(entry.causality()))
                    .append("\" variability=\"").append(lower(entry.variability())).append('"');
            if (entry.initial() != Initial.NONE) {
                xml.append(" initial=\"").append(lower(entry.initial())).append('"');
            }
            xml.append(">\n      ").append(typeElement(entry)).append("\n    </ScalarVariable>\n");
        }
        return xml.toString();
    }

    private static String typeElement(Entry entry) {
        if (entry.isTaskStatus()) {
            return "<Enumeration declaredType=\"" + ModelVariables.STATUS_TYPE + "\"/>";
        }
        StringBuilder xml = new StringBuilder("<");
        switch (entry.type()) {
            case REAL -> {
                xml.append("Real");
                if (entry.unit() != null) {
                    xml.append(" unit=\"").append(escape(entry.unit())).append('"');
                }
                if (entry.min() != null) {
                    xml.append(" min=\"").append(Markup.real(entry.min())).append('"');
                }
                if (entry.max() != null) {
                    xml.append(" max=\"").append(Markup.real(entry.max())).append('"');
                }
            }
            case INTEGER -> {
                xml.append("Integer");
                if (entry.min() != null) {
                    xml.append(" min=\"").append(toInt(Math.ceil(entry.min()))).append('"');
                }
                if (entry.max() != null) {
                    xml.append(" max=\"").append(toInt(Math.floor(entry.max()))).append('"');
                }
            }
            case BOOLEAN -> xml.append("Boolean");
            case STRING -> xml.append("String");
        }
        if (entry.start() != null) {
            xml.append(" start=\"").append(startText(entry)).append('"');
        }
        return xml.append("/>").toString();
    }

    private static String startText(Entry entry) {
        return switch (entry.type()) {
            case REAL -> Markup.real((Double) entry.start());
            case INTEGER, BOOLEAN -> entry.start().toString();
            case STRING -> escape((String) entry.start());
        };
    }

    private static int toInt(double value) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
    }

    static String lower(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}
