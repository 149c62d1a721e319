package org.btfmu.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.ConnectionFile.ParameterValue;
import org.btfmu.cosim.FmuInstance;
import org.btfmu.cosim.VariableType;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The {@code min} and {@code max} an FMU declares for its Real and Integer variables (on the
 * variable, else on its declaredType, FMI 2.0 §2.2.3 and §2.2.7), so that start values given on
 * the command line or in a connections file are refused before the run rather than accepted
 * (the FMU need not check them: FMI 2.0 leaves values outside the range undefined).
 */
final class DeclaredRanges {

    /** A declared range; an absent bound is infinite. */
    record Range(double min, double max) {
        boolean contains(double value) {
            return value >= min && value <= max;
        }
    }

    private final Map<String, Range> ranges;

    private DeclaredRanges(Map<String, Range> ranges) {
        this.ranges = ranges;
    }

    /**
     * Checks every value: Real and Integer values must be finite and inside the declared range.
     * {@code where} names the origin of a value (option, file and JSON pointer) for the message.
     */
    static void check(List<ParameterValue> values, Function<ParameterValue, String> where) {
        Map<FmuInstance, DeclaredRanges> byFmu = new HashMap<>();
        for (ParameterValue value : values) {
            if (!(value.value() instanceof Number number)) {
                continue;
            }
            VariableType type = value.target().variable().type();
            double v = number.doubleValue();
            if (type == VariableType.REAL && !Double.isFinite(v)) {
                throw new CoSimulationException(where.apply(value) + ": '" + value.target() + "' needs a finite value,"
                        + " got " + v);
            }
            FmuInstance fmu = value.target().fmu();
            Range range = byFmu.computeIfAbsent(fmu, f -> read(f.source())).ranges
                    .get(value.target().variable().name());
            if (range != null && !range.contains(v)) {
                throw new CoSimulationException(where.apply(value) + ": " + RunLength.fmt(v) + " is outside the"
                        + " declared range of '" + value.target() + "': " + describe(range));
            }
        }
    }

    private static String describe(Range range) {
        if (range.min() == Double.NEGATIVE_INFINITY) {
            return "max " + RunLength.fmt(range.max());
        }
        if (range.max() == Double.POSITIVE_INFINITY) {
            return "min " + RunLength.fmt(range.min());
        }
        return "min " + RunLength.fmt(range.min()) + ", max " + RunLength.fmt(range.max());
    }

    /** The ranges of an FMU's modelDescription.xml (already read once, so it parses). */
    static DeclaredRanges read(Path fmu) {
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            ZipEntry entry = zip.getEntry("modelDescription.xml");
            try (InputStream in = zip.getInputStream(entry)) {
                DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                Element root = factory.newDocumentBuilder().parse(in).getDocumentElement();
                Map<String, Range> types = new HashMap<>();
                for (Element simpleType : elements(root, "SimpleType")) {
                    Range range = range(firstChild(simpleType), null);
                    if (range != null) {
                        types.put(simpleType.getAttribute("name"), range);
                    }
                }
                Map<String, Range> ranges = new HashMap<>();
                for (Element variable : elements(root, "ScalarVariable")) {
                    Element typed = firstChild(variable);
                    if (typed != null && (typed.getTagName().equals("Real") || typed.getTagName().equals("Integer"))) {
                        Range range = range(typed, types.get(typed.getAttribute("declaredType")));
                        if (range != null) {
                            ranges.put(variable.getAttribute("name"), range);
                        }
                    }
                }
                return new DeclaredRanges(ranges);
            }
        } catch (IOException | SAXException | ParserConfigurationException | RuntimeException e) {
            throw new CoSimulationException(fmu + ": cannot read the declared min/max of modelDescription.xml: "
                    + e.getMessage(), e);
        }
    }

    /** min/max of a Real or Integer element, each falling back to the declared type's; null if neither. */
    private static Range range(Element typed, Range declared) {
        if (typed == null) {
            return declared;
        }
        double min = bound(typed, "min", declared == null ? Double.NEGATIVE_INFINITY : declared.min());
        double max = bound(typed, "max", declared == null ? Double.POSITIVE_INFINITY : declared.max());
        return min == Double.NEGATIVE_INFINITY && max == Double.POSITIVE_INFINITY ? null : new Range(min, max);
    }

    private static double bound(Element typed, String attribute, double otherwise) {
        String text = typed.getAttribute(attribute);
        if (text.isEmpty()) {
            return otherwise;
        }
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return otherwise; // bt-fmu check reports it; no bound to hold values to
        }
    }

    private static List<Element> elements(Element root, String tag) {
        NodeList nodes = root.getElementsByTagName(tag);
        List<Element> list = new java.util.ArrayList<>(nodes.getLength());
        for (int i = 0; i < nodes.getLength(); i++) {
            list.add((Element) nodes.item(i));
        }
        return list;
    }

    private static Element firstChild(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        return null;
    }
}
