package org.btfmu.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuBuildException;
import org.btfmu.packager.FmuPackager;

/**
 * Prepares the FMUs of the native call-path benchmark (benchmarks/run-native.sh) in a
 * directory, extracted as an importer would: the benchmark mission packaged twice under
 * two model identifiers ({@code native_bench}, {@code native_bench_second}: "a second
 * FMU") by the real packager, and the plain C FMU {@code Feedthrough} from test-fmus.
 */
public final class NativeBenchmarkFmus {

    private static final String MISSION = "native_bench.json";
    private static final String C_FMU = "/org/btfmu/testfmus/Feedthrough.fmu";

    private NativeBenchmarkFmus() {
    }

    public static void main(String[] args) throws IOException, FmuBuildException {
        if (args.length != 1) {
            System.err.println("usage: NativeBenchmarkFmus <output directory>");
            System.exit(2);
        }
        Path out = Path.of(args[0]).toAbsolutePath();
        Files.createDirectories(out);
        Mission mission = mission();
        for (String identifier : new String[] {"native_bench", "native_bench_second"}) {
            Path fmu = out.resolve(identifier + ".fmu");
            new FmuPackager().build(mission, new FmuPackager.Options(identifier, false), fmu);
            extract(Files.newInputStream(fmu), out.resolve(identifier));
        }
        InputStream plain = NativeBenchmarkFmus.class.getResourceAsStream(C_FMU);
        if (plain == null) {
            throw new IllegalStateException("the class path lacks " + C_FMU + " (built by test-fmus)");
        }
        extract(plain, out.resolve("Feedthrough"));
        System.out.println("FMUs ready in " + out);
    }

    /** The benchmark mission: inputs in0..in9 are value references 0..9, outputs out0..out9 10..19. */
    static Mission mission() {
        return MissionLoader.load(resource(MISSION), MISSION);
    }

    private static String resource(String name) {
        try (InputStream in = NativeBenchmarkFmus.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the class path lacks " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Unzips into a fresh directory; entries may not leave it. */
    private static void extract(InputStream zip, Path directory) throws IOException {
        try (ZipInputStream in = new ZipInputStream(zip)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                Path target = directory.resolve(entry.getName()).normalize();
                if (!target.startsWith(directory)) {
                    throw new IOException("FMU entry outside its directory: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
