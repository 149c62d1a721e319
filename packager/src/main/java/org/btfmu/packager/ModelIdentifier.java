package org.btfmu.packager;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The FMU's {@code modelIdentifier}: a C identifier (FMI 2.0 §4.3.1), used as the
 * name of the shared library {@code binaries/linux64/<modelIdentifier>.so} and,
 * in source FMUs, as a prefix of C function names — hence no C keywords.
 */
public final class ModelIdentifier {

    private static final Pattern C_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int MAX_LENGTH = 200; // leaves room for ".so" in a 255-byte file name

    private static final Set<String> C_KEYWORDS = Set.of("auto", "break", "case", "char", "const",
            "continue", "default", "do", "double", "else", "enum", "extern", "float", "for", "goto",
            "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
            "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
            "volatile", "while", "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex",
            "_Generic", "_Imaginary", "_Noreturn", "_Static_assert", "_Thread_local");

    private ModelIdentifier() {
    }

    /** Returns the identifier if it is usable, else throws a message saying why not. */
    public static String check(String identifier) throws FmuBuildException {
        if (identifier == null || identifier.isEmpty()) {
            throw new FmuBuildException("model identifier is empty; it must be a C identifier"
                    + " such as Square_Plan");
        }
        if (!C_IDENTIFIER.matcher(identifier).matches()) {
            throw new FmuBuildException("model identifier '" + identifier + "' is not a C identifier:"
                    + " use letters, digits and '_', not starting with a digit");
        }
        if (C_KEYWORDS.contains(identifier)) {
            throw new FmuBuildException("model identifier '" + identifier + "' is a C keyword");
        }
        if (identifier.length() > MAX_LENGTH) {
            throw new FmuBuildException("model identifier is " + identifier.length()
                    + " characters long; at most " + MAX_LENGTH + " are allowed");
        }
        return identifier;
    }

    /**
     * A model identifier made from a mission name: every character that may not
     * appear in a C identifier becomes '_', and a leading digit or keyword gets a
     * '_' prefix ("Square plan 2" → "Square_plan_2").
     */
    public static String fromName(String name) {
        StringBuilder id = new StringBuilder();
        if (name != null) {
            for (int i = 0; i < name.length() && id.length() < MAX_LENGTH - 1; i++) {
                char c = name.charAt(i);
                boolean allowed = c < 128 && (Character.isLetterOrDigit(c) || c == '_');
                id.append(allowed ? c : '_');
            }
        }
        if (id.isEmpty()) {
            return "mission";
        }
        if (Character.isDigit(id.charAt(0)) || C_KEYWORDS.contains(id.toString())) {
            id.insert(0, '_');
        }
        return id.toString();
    }
}
