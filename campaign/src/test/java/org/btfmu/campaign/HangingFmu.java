package org.btfmu.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds src/test/c/Hang.c with test-fmus' generic FMI layer into Hang.fmu (the same gcc
 * line as test-fmus' Makefile; that module's C sources are used, not changed).
 */
final class HangingFmu {

    private HangingFmu() {
    }

    static Path build(Path dir) throws IOException, InterruptedException {
        Path module = Path.of("").toAbsolutePath();
        Path layer = module.resolve("../test-fmus/src/main/c").normalize();
        Path include = module.resolve("../native/include").normalize();
        Path model = module.resolve("src/test/c/Hang.c");
        List<String> flags = List.of("-O1", "-std=c11", "-D_GNU_SOURCE", "-fPIC", "-I" + include, "-I" + layer,
                "-DMODEL_GUID=\"{6b1f1f2e-0000-4000-8000-000000000025}\"");
        Path so = dir.resolve("Hang.so");
        Path describe = dir.resolve("describe-hang");
        List<String> shared = new ArrayList<>(List.of("gcc", "-shared", "-fvisibility=hidden", "-o", so.toString()));
        shared.addAll(flags);
        shared.addAll(List.of(layer.resolve("slave.c").toString(), model.toString(), "-lm"));
        run(shared, null);
        List<String> tool = new ArrayList<>(List.of("gcc", "-o", describe.toString()));
        tool.addAll(flags);
        tool.addAll(List.of(layer.resolve("describe.c").toString(), model.toString(), "-lm"));
        run(tool, null);
        Path xml = dir.resolve("modelDescription.xml");
        run(List.of(describe.toString()), xml);
        Path fmu = dir.resolve("Hang.fmu");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(fmu))) {
            add(zip, "modelDescription.xml", xml);
            add(zip, "binaries/linux64/Hang.so", so);
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
