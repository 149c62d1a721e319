package org.btfmu.packager;

/**
 * The FMI standard an FMU is written for: FMI 2.0 (the default) or FMI 3.0
 * ({@code bt-fmu build --fmi 3}). The version decides the model description, the shim and
 * its platform folder; the mission, the runtime jar and the resources are the same.
 */
public enum FmiVersion {
    FMI2("2.0", "binaries/linux64/", "binaries/win64/"),
    FMI3("3.0", "binaries/x86_64-linux/", "binaries/x86_64-windows/");

    private final String text;
    private final String binaries;
    private final String windowsBinaries;

    FmiVersion(String text, String binaries, String windowsBinaries) {
        this.text = text;
        this.binaries = binaries;
        this.windowsBinaries = windowsBinaries;
    }

    /** The {@code fmiVersion} attribute: "2.0" or "3.0". */
    public String text() {
        return text;
    }

    /** The archive folder of the Linux x86-64 binary (FMI 2.0 §2.3 / FMI 3.0 §2.5.1.1), ending in '/'. */
    public String binaries() {
        return binaries;
    }

    /** The archive folder of the Windows x86-64 DLL (FMI 2.0 §2.3 / FMI 3.0 §2.5.1.1), ending in '/'. */
    public String windowsBinaries() {
        return windowsBinaries;
    }

    /** "2" or "2.0" → FMI2, "3" or "3.0" → FMI3; IllegalArgumentException naming the value otherwise. */
    public static FmiVersion parse(String value) {
        String v = value == null ? "" : value.strip();
        return switch (v) {
            case "2", "2.0" -> FMI2;
            case "3", "3.0" -> FMI3;
            default -> throw new IllegalArgumentException("fmi '" + value + "' is not an FMI version this tool"
                    + " writes; expected 2 (FMI 2.0, the default) or 3 (FMI 3.0)");
        };
    }
}
