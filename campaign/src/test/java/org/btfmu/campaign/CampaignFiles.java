package org.btfmu.campaign;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Campaign files for the tests, beside a copy of an FMU, and the sweep command run in this JVM. */
final class CampaignFiles {

    private CampaignFiles() {
    }

    /** {@code scenario.json} coupling the FMU as {@code plant}, with the given times and expectations. */
    static Path scenario(Path dir, Path fmu, double stop, double step, String expect) throws IOException {
        Path scenario = dir.resolve("scenario.json");
        Files.writeString(scenario, "{\"fmus\": {\"plant\": \"" + fmu.getFileName() + "\"}, \"stop\": " + stop
                + ", \"step\": " + step + ", \"expect\": " + expect + "}\n");
        return scenario;
    }

    static Path write(Path dir, String name, String json) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, json);
        return file;
    }

    /** What one command gave. */
    record Console(int code, String out, String err) {}

    static Console sweep(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Sweep.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Console(code, out.toString(), err.toString());
    }
}
