package org.btfmu.checker;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Validates a {@code modelDescription.xml} against the official FMI 2.0 XSD (copied
 * unchanged into this module's resources, with its BSD-2-Clause notice).
 */
final class SchemaCheck {

    /** The XSD's class-path location; other modules' tests validate against the same copy. */
    public static final String XSD = "/org/btfmu/checker/fmi2-schema/fmi2ModelDescription.xsd";

    private static Schema schema;

    private SchemaCheck() {
    }

    static synchronized Schema schema() {
        if (schema == null) {
            URL xsd = SchemaCheck.class.getResource(XSD);
            try {
                schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
            } catch (SAXException e) {
                throw new IllegalStateException("the bundled FMI 2.0 XSD does not load: " + e, e);
            }
        }
        return schema;
    }

    /** Every violation, as "modelDescription.xml:line:col". */
    static List<Finding> check(byte[] xml) {
        List<Finding> findings = new ArrayList<>();
        Validator validator = schema().newValidator();
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
