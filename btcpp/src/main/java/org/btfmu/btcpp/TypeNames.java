package org.btfmu.btcpp;

import java.util.Locale;
import java.util.Map;

/** BT.CPP port types (C++ type names as the TreeNodesModel writes them) ↔ bt-fmu slot types. */
final class TypeNames {

    private static final Map<String, String> TO_SLOT = Map.ofEntries(
            Map.entry("double", "Real"), Map.entry("float", "Real"),
            Map.entry("int", "Integer"), Map.entry("unsigned", "Integer"), Map.entry("unsigned int", "Integer"),
            Map.entry("long", "Integer"), Map.entry("unsigned long", "Integer"), Map.entry("short", "Integer"),
            Map.entry("int8_t", "Integer"), Map.entry("int16_t", "Integer"), Map.entry("int32_t", "Integer"),
            Map.entry("int64_t", "Integer"), Map.entry("uint8_t", "Integer"), Map.entry("uint16_t", "Integer"),
            Map.entry("uint32_t", "Integer"), Map.entry("uint64_t", "Integer"), Map.entry("size_t", "Integer"),
            Map.entry("bool", "Boolean"),
            Map.entry("std::string", "String"), Map.entry("string", "String"),
            Map.entry("std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", "String"));

    private TypeNames() {
    }

    /** The slot type of a C++ port type, or null if it has none. */
    static String slotType(String cppType) {
        return TO_SLOT.get(cppType.strip().toLowerCase(Locale.ROOT).equals("std::string") ? "std::string"
                : cppType.strip());
    }

    /** The C++ type name the export writes for a slot type. */
    static String cppType(String slotType) {
        return switch (slotType) {
            case "Real" -> "double";
            case "Integer" -> "int";
            case "Boolean" -> "bool";
            default -> "std::string";
        };
    }
}
