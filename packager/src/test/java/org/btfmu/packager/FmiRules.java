package org.btfmu.packager;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/**
 * XML helpers of the packager's tests. The FMI 2.0 checks themselves (XSD and the rules
 * of §2.2) are {@code org.btfmu.checker.Checker#checkModelDescription}.
 */
final class FmiRules {

    private FmiRules() {
    }

    static Document parse(byte[] xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml));
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
