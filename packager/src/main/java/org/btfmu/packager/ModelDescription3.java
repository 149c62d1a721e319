package org.btfmu.packager;

import static org.btfmu.packager.Markup.escape;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.btfmu.core.Status;
import org.btfmu.core.TreeDefinition;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.fmu.ModelVariables.Initial;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Mission;

/**
 * Writes the {@code modelDescription.xml} of an FMI 3.0 FMU ({@code bt-fmu build --fmi 3})
 * from the same variable model as the FMI 2.0 one ({@link ModelVariables}, value references
 * unchanged) and the templates {@code modelDescription3.xml}, {@code modelExchange3.xml} and
 * {@code coSimulation3.xml}.
 *
 * <p>What differs from FMI 2.0 (FMI 3.0 §2.4): typed elements ({@code Float64}, {@code Int32},
 * {@code Boolean}, {@code String}; task statuses as {@code Enumeration} of the
 * {@code EnumerationType} {@value ModelVariables#STATUS_TYPE}); the independent variable
 * {@value #TIME} that FMI 3.0 requires; with Model Exchange one local Float64
 * {@code eventIndicator[k]} per crossing function, listed as {@code <EventIndicator>} (without
 * {@code dependencies}: FMI 3.0 says those serve debugging only, and a missing list claims
 * nothing false); the model structure names value references, not indices. {@code <Output>}
 * and {@code <InitialUnknown>} have the exact dependencies of FMI 2.0 ({@link ModelStructure}).
 * The slave ({@code Fmi3Slave}) answers the same value references.
 */
final class ModelDescription3 {

    /** The name of the independent variable. */
    static final String TIME = "time";
    private static final String INDICATOR = "eventIndicator";

    private ModelDescription3() {
    }

    static String render(Mission mission, ModelVariables variables, String modelIdentifier, String token,
            String generationTool, Set<FmuInterface> interfaces) {
        boolean modelExchange = interfaces.contains(FmuInterface.MODEL_EXCHANGE);
        int indicators = modelExchange ? mission.tree().crossingCount() : 0;
        checkNamesAreFree(variables, indicators);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("modelName", escape(mission.name()));
        values.put("instantiationToken", escape(token));
        values.put("descriptionAttribute", ModelDescription.isBlank(mission.description()) ? ""
                : "  description=\"" + escape(mission.description()) + "\"\n");
        values.put("generationTool", escape(generationTool));
        values.put("variableNamingConvention", ModelDescription.namingConvention(variables));
        Map<String, String> identifier = Map.of("modelIdentifier", escape(modelIdentifier));
        values.put("modelExchange", modelExchange ? Template.load("modelExchange3.xml").render(identifier) : "");
        values.put("coSimulation", interfaces.contains(FmuInterface.CO_SIMULATION)
                ? Template.load("coSimulation3.xml").render(identifier) : "");
        values.put("unitDefinitions", ModelDescription.unitDefinitions(variables));
        values.put("typeDefinitions", typeDefinitions(variables));
        values.put("logCategories", ModelDescription.logCategories());
        values.put("modelVariables", modelVariables(variables, mission.tree(), indicators));
        values.put("modelStructure", modelStructure(variables, mission.tree(), indicators));
        return Template.load("modelDescription3.xml").render(values);
    }

    /** The value reference of event indicator k (from 0): after the independent variable. */
    static int indicatorReference(ModelVariables variables, int k) {
        return variables.size() + 1 + k;
    }

    private static void checkNamesAreFree(ModelVariables variables, int indicators) {
        boolean hasStatus = variables.entries().stream().anyMatch(Entry::isTaskStatus);
        for (Entry entry : variables.entries()) {
            String name = entry.name();
            String clash = name.equals(TIME) ? "the independent variable FMI 3.0 requires"
                    : indicators > 0 && name.startsWith(INDICATOR + "[") ? "the event indicators' names"
                    : hasStatus && name.equals(ModelVariables.STATUS_TYPE) ? "the enumeration type of the task"
                            + " status outputs" : null;
            if (clash != null) {
                throw new IllegalArgumentException("variable '" + name + "' has the name of " + clash
                        + " in an FMI 3.0 FMU; rename it");
            }
        }
    }

    private static String typeDefinitions(ModelVariables variables) {
        if (variables.entries().stream().noneMatch(Entry::isTaskStatus)) {
            return "";
        }
        StringBuilder xml = new StringBuilder("  <TypeDefinitions>\n    <EnumerationType name=\"")
                .append(ModelVariables.STATUS_TYPE).append("\" description=\"Status of a behavior-tree task\">\n");
        for (Status status : Status.values()) {
            xml.append("      <Item name=\"").append(status.name()).append("\" value=\"")
                    .append(ModelVariables.statusValue(status)).append("\"/>\n");
        }
        return xml.append("    </EnumerationType>\n  </TypeDefinitions>\n").toString();
    }

    private static String modelVariables(ModelVariables variables, TreeDefinition tree, int indicators) {
        StringBuilder xml = new StringBuilder();
        for (Entry entry : variables.entries()) {
            xml.append("    ").append(variable(entry)).append('\n');
        }
        xml.append("    <Float64 name=\"").append(TIME).append("\" valueReference=\"").append(variables.size())
                .append("\" causality=\"independent\" variability=\"continuous\"")
                .append(" description=\"Simulation time\"/>\n");
        for (int k = 0; k < indicators; k++) {
            xml.append("    <Float64 name=\"").append(INDICATOR).append('[').append(k + 1)
                    .append("]\" valueReference=\"").append(indicatorReference(variables, k))
                    .append("\" causality=\"local\" variability=\"continuous\" description=\"")
                    .append(escape("Crossing function of a predicate of " + tree.path(tree.crossingTask(k))))
                    .append("\"/>\n");
        }
        return xml.toString();
    }

    private static String variable(Entry entry) {
        String element = entry.isTaskStatus() ? "Enumeration" : switch (entry.type()) {
            case REAL -> "Float64";
            case INTEGER -> "Int32";
            case BOOLEAN -> "Boolean";
            case STRING -> "String";
        };
        StringBuilder xml = new StringBuilder("<").append(element).append(" name=\"")
                .append(escape(entry.name())).append("\" valueReference=\"").append(entry.valueReference())
                .append('"');
        if (!ModelDescription.isBlank(entry.description())) {
            xml.append(" description=\"").append(escape(entry.description())).append('"');
        }
        xml.append(" causality=\"").append(ModelDescription.lower(entry.causality()))
                .append("\" variability=\"").append(ModelDescription.lower(entry.variability())).append('"');
        if (entry.initial() != Initial.NONE) {
            xml.append(" initial=\"").append(ModelDescription.lower(entry.initial())).append('"');
        }
        if (entry.isTaskStatus()) {
            return xml.append(" declaredType=\"").append(ModelVariables.STATUS_TYPE).append("\"/>").toString();
        }
        switch (entry.type()) {
            case REAL -> {
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
                if (entry.min() != null) {
                    xml.append(" min=\"").append(toInt(Math.ceil(entry.min()))).append('"');
                }
                if (entry.max() != null) {
                    xml.append(" max=\"").append(toInt(Math.floor(entry.max()))).append('"');
                }
            }
            default -> {
            }
        }
        if (entry.start() == null) {
            return xml.append("/>").toString();
        }
        return switch (entry.type()) {
            case REAL -> xml.append(" start=\"").append(Markup.real((Double) entry.start())).append("\"/>").toString();
            case INTEGER, BOOLEAN -> xml.append(" start=\"").append(entry.start()).append("\"/>").toString();
            case STRING -> xml.append(">\n      <Start value=\"").append(escape((String) entry.start()))
                    .append("\"/>\n    </String>").toString();
        };
    }

    private static String modelStructure(ModelVariables variables, TreeDefinition tree, int indicators) {
        ModelStructure structure = new ModelStructure(variables, tree);
        StringBuilder xml = new StringBuilder();
        for (Entry entry : variables.entries()) {
            if (entry.causality() == Causality.OUTPUT) {
                xml.append("    <Output").append(unknown(entry, structure.dependencies(entry))).append("/>\n");
            }
        }
        for (Entry entry : variables.entries()) {
            if (entry.causality() == Causality.OUTPUT && entry.initial() == Initial.CALCULATED) {
                xml.append("    <InitialUnknown").append(unknown(entry, structure.initialDependencies(entry)))
                        .append("/>\n");
            }
        }
        for (int k = 0; k < indicators; k++) {
            xml.append("    <EventIndicator valueReference=\"").append(indicatorReference(variables, k))
                    .append("\"/>\n");
        }
        return xml.toString();
    }

    /** ModelStructure's FMI 2.0 indices (value reference + 1) as FMI 3.0 value references. */
    private static String unknown(Entry entry, TreeSet<Integer> indices) {
        StringJoiner references = new StringJoiner(" ");
        StringJoiner kinds = new StringJoiner(" ");
        for (int index : indices) {
            references.add(Integer.toString(index - 1));
            kinds.add("dependent");
        }
        return " valueReference=\"" + entry.valueReference() + "\" dependencies=\"" + references + "\""
                + (indices.isEmpty() ? "" : " dependenciesKind=\"" + kinds + "\"");
    }

    private static int toInt(double value) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
    }
}
