package org.btfmu.testfmus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds a test's own model, {@code src/test/c/<model>.c} of the module whose tests run, with
 * this module's FMI layers (their C sources used, not changed) into an FMI 2.0 or 3.0 FMU for
 * Linux, as the Makefile builds the plants: for a behaviour no plant has (a crash, a hang, a
 * request to end the simulation).
 */
public final class ModelFmu {

    private ModelFmu() {
    }

    /** {@code <dir>/<model>.fmu} (FMI 2.0) or {@code <dir>/<model>_fmi3.fmu}, from the tests' working directory. */
    public static Path build(String model, int fmiVersion, Path dir) throws IOException, InterruptedException {
        Path module = Path.of("").toAbsolutePath();
        Path layer = module.resolve("../test-fmus/src/main/c").normalize();
        Path source = module.resolve("src/test/c/" + model + ".c");
        String suffix = fmiVersion == 3 ? "3" : "";
        // a GUID per model and version (FMI 3.0 calls it instantiationToken)
        String guid = String.format("{%08x-0000-4000-8000-00000000000%d}", model.hashCode(), fmiVersion);
        List<String> flags = List.of("-O1", "-std=c11", "-D_GNU_SOURCE", "-fPIC",
                "-I" + module.resolve("../native/include").normalize(), "-I" + layer,
                "-DMODEL_GUID=\"" + guid + "\"");
        Path so = dir.resolve(model + ".so");
        List<String> library = new ArrayList<>(List.of("gcc", "-shared", "-fvisibility=hidden", "-o", so.toString()));
        library.addAll(flags);
        library.addAll(List.of(layer.resolve("slave" + suffix + ".c").toString(), source.toString(), "-lm"));
        run(library, null);
        Path describe = dir.resolve("describe-" + model);
        List<String> tool = new ArrayList<>(List.of("gcc", "-o", describe.toString()));
        tool.addAll(flags);
        tool.addAll(List.of(layer.resolve("describe" + suffix + ".c").toString(), source.toString(), "-lm"));
        run(tool, null);
        Path xml = dir.resolve(model + ".xml");
        run(List.of(describe.toString()), xml);
        Path fmu = dir.resolve(model + (fmiVersion == 3 ? "_fmi3" : "") + ".fmu");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(fmu))) {
            add(zip, "modelDescription.xml", xml);
            add(zip, "binaries/" + (fmiVersion == 3 ? "x86_64-linux" : "linux64") + "/" + model + ".so", so);
        }
        return fmu;
    }

    private static void add(ZipOutputStream zip, String name, Path file) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        Files.copy(file, zip);
        zip.closeEntry();
    }

    private static void run(List<String> command, Path output) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(output == null);
        if (output != null) {
            builder.redirectOutput(output.toFile());
        }
        Process process = builder.start();
        byte[] messages = output == null ? process.getInputStream().readAllBytes() : new byte[0];
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + new String(messages));
        }
    }
}
