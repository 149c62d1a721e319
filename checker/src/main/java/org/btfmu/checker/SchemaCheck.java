package org.btfmu.checker;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Validates a {@code modelDescription.xml} against the official FMI 2.0 or FMI 3.0 XSD
 * (copied unchanged into this module's resources, with their BSD-2-Clause notice).
 */
final class SchemaCheck {

    /** The XSD's class-path location; other modules' tests validate against the same copy. */
    public static final String XSD = "/org/btfmu/checker/fmi2-schema/fmi2ModelDescription.xsd";

    /** The FMI 3.0 XSD's class-path location. */
    public static final String XSD3 = "/org/btfmu/checker/fmi3-schema/fmi3ModelDescription.xsd";

    private static final Map<String, Schema> SCHEMAS = new HashMap<>();

    private SchemaCheck() {
    }

    static synchronized Schema schema(String location) {
        return SCHEMAS.computeIfAbsent(location, l -> {
            URL xsd = SchemaCheck.class.getResource(l);
            try {
                return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
            } catch (SAXException e) {
                throw new IllegalStateException("the bundled XSD " + l + " does not load: " + e, e);
            }
        });
    }

    /** Every violation of the FMI 2.0 XSD, as "modelDescription.xml:line:col". */
    static List<Finding> check(byte[] xml) {
        return check(xml, XSD);
    }

    /** Every violation of the XSD at the class-path location, as "modelDescription.xml:line:col". */
    static List<Finding> check(byte[] xml, String location) {
        List<Finding> findings = new ArrayList<>();
        Validator validator = schema(location).newValidator();
        validator.setErrorHandler(new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {
                findings.add(Finding.note(where(e), e.getMessage()));
            }

            @Override
            public void error(SAXParseException e) {
                findings.add(Finding.error(where(e), "XSD: " + e.getMessage()));
            }

            @Override
            public void fatalError(SAXParseException e) {
                error(e);
            }
        });
        try {
            validator.validate(new StreamSource(new ByteArrayInputStream(xml)));
        } catch (SAXParseException e) {
            if (findings.isEmpty()) {
                findings.add(Finding.error(where(e), e.getMessage()));
            }
        } catch (SAXException | IOException e) {
            findings.add(Finding.error("modelDescription.xml", e.getMessage()));
        }
        return findings;
    }

    private static String where(SAXParseException e) {
        return "modelDescription.xml:" + e.getLineNumber() + ":" + e.getColumnNumber();
    }
}
