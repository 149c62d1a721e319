package org.btfmu.packager;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A text template from {@code modelDescription-templates/} with {@code {{name}}}
 * placeholders. Values are inserted as they are: the caller escapes them for the
 * file's language. A placeholder without a value is an error, so a template and
 * the code that fills it cannot drift apart unnoticed.
 */
final class Template {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z]+)}}");

    private final String name;
    private final String text;

    private Template(String name, String text) {
        this.name = name;
        this.text = text;
    }

    /** Loads {@code modelDescription-templates/<name>} from the packager's resources. */
    static Template load(String name) {
        String resource = "templates/" + name;
        try (InputStream in = Template.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("template " + name
                        + " is missing from the packager's resources (org/btfmu/packager/" + resource + ")");
            }
            return new Template(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read template " + name, e);
        }
    }

    String render(Map<String, String> values) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length() * 2);
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalStateException("template " + name + " has placeholder {{"
                        + matcher.group(1) + "}} but no value was given for it");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
