package org.btfmu.packager;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Properties;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;

/**
 * Builds an FMI 2.0 or FMI 3.0 FMU (Model Exchange, Co-Simulation or both) from a mission (DESIGN.md §2, layout of
 * contract D; FMI 3.0: {@link ModelDescription3}, the FMI 3.0 shim in binaries/x86_64-linux/):
 * <pre>
 * modelDescription.xml
 * binaries/linux64/&lt;modelIdentifier&gt;.so      the generic shim, renamed
 * binaries/win64/&lt;modelIdentifier&gt;.dll       its Windows x64 build, when the build has one
 * documentation/index.html                  what the FMU does, its variables
 * documentation/externalDependencies.txt    the Java runtime it needs
 * resources/guid.txt                        the GUID, checked by the slave
 * resources/interfaces.txt                  ModelExchange and/or CoSimulation, checked by fmi2Instantiate
 * resources/mission.json                    the mission text as loaded
 * resources/lib/bt-fmu-runtime.jar          bt-core + slave + Jackson
 * resources/lib/SHA256SUMS                  its digest: FMUs with equal runtimes share its classes
 * resources/jre/…                           with --bundle-jre only
 * </pre>
 */
public final class FmuPackager {

    /**
     * Build options; a null {@code modelIdentifier} is made from the mission name;
     * {@code interfaces} are the FMI interfaces the FMU offers (at least one).
     */
    public record Options(String modelIdentifier, boolean bundleJre, Set<FmuInterface> interfaces,
            FmiVersion fmiVersion) {

        /** Options for an FMU with both interfaces, Model Exchange and Co-Simulation. */
        public Options(String modelIdentifier, boolean bundleJre) {
            this(modelIdentifier, bundleJre, EnumSet.allOf(FmuInterface.class));
        }

        /** Options for an FMI 2.0 FMU. */
        public Options(String modelIdentifier, boolean bundleJre, Set<FmuInterface> interfaces) {
            this(modelIdentifier, bundleJre, interfaces, FmiVersion.FMI2);
        }

        public Options {
            if (interfaces.isEmpty()) {
                throw new IllegalArgumentException("an FMU needs at least one interface (cs or me)");
            }
            interfaces = Collections.unmodifiableSet(EnumSet.copyOf(interfaces));
            fmiVersion = Objects.requireNonNull(fmiVersion, "fmiVersion");
        }
    }

    /** What was written. */
    public record BuiltFmu(Path file, String modelIdentifier, String guid, long size) {
    }

    private static final String RUNTIME_JAR = "bt-fmu-runtime.jar";

    private final RuntimeFiles runtime;

    /** A packager that takes the shim and the runtime jar from its class path. */
    public FmuPackager() {
        this(RuntimeFiles.fromClasspath());
    }

    FmuPackager(RuntimeFiles runtime) {
        this.runtime = runtime;
    }

    /** "bt-fmu &lt;version&gt;", the generationTool of every FMU. */
    public static String generationTool() {
        Properties properties = new Properties();
        try (InputStream in = FmuPackager.class.getResourceAsStream("packager.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "bt-fmu " + properties.getProperty("version", "development");
    }

    /**
     * A fingerprint of everything besides the mission and the options that decides an FMU's
     * bytes: the generation tool's version, the shim and the runtime jar. Build tools compare
     * it to know that an FMU built earlier is still what a build would write now.
     */
    public String toolFingerprint() throws IOException {
        return ContentGuid.of(List.of(
                FmuArchive.Entry.of("generationTool", utf8(generationTool())),
                new FmuArchive.Entry("shim", runtime.shim(), true),
                new FmuArchive.Entry("runtime", runtime.runtimeJar(), false)));
    }

    /**
     * Writes the FMU to {@code output} atomically: on any failure no file (and
     * no temporary file) is left, and an existing file there is kept unchanged.
     */
    public BuiltFmu build(Mission mission, Options options, Path output)
            throws FmuBuildException, IOException {
        String modelIdentifier = options.modelIdentifier() != null
                ? ModelIdentifier.check(options.modelIdentifier())
                : ModelIdentifier.fromName(mission.name());
        if (mission.sourceText() == null) {
            throw new FmuBuildException("mission " + mission.name() + " has no source text; the FMU"
                    + " loads its mission from resources/mission.json, so build it from a mission file");
        }
        ModelVariables variables = variablesOf(mission);
        String tool = generationTool();

        Path directory = output.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new FmuBuildException("the directory of the output file does not exist: " + directory);
        }

        FmuArchive.Entry shim = new FmuArchive.Entry(
                options.fmiVersion().binaries() + modelIdentifier + ".so",
                options.fmiVersion() == FmiVersion.FMI3 ? RuntimeFiles.fmi3Shim() : runtime.shim(), true);
        // Windows x64 where the build had MinGW-w64 (runtime.win64Shim() is then the FMI 2.0 DLL).
        FmuArchive.Source windowsShim = runtime.win64Shim() == null ? null
                : options.fmiVersion() == FmiVersion.FMI3 ? RuntimeFiles.fmi3Win64Shim() : runtime.win64Shim();
        List<FmuArchive.Entry> windows = windowsShim == null ? List.of()
                : List.of(new FmuArchive.Entry(options.fmiVersion().windowsBinaries() + modelIdentifier + ".dll",
                        windowsShim, false));
        FmuArchive.Entry index = FmuArchive.Entry.of("documentation/index.html",
                utf8(Documentation.indexHtml(mission, variables, modelIdentifier, tool,
                        options.interfaces())));
        FmuArchive.Entry missionFile = FmuArchive.Entry.of("resources/mission.json",
                utf8(mission.sourceText()));
        FmuArchive.Entry runtimeJar = new FmuArchive.Entry("resources/lib/" + RUNTIME_JAR,
                runtime.runtimeJar(), false);
        FmuArchive.Entry runtimeSums = FmuArchive.Entry.of(RuntimeSums.PATH,
                RuntimeSums.bytes(runtime.runtimeJar(), RUNTIME_JAR));

        Path jreParent = options.bundleJre() ? Files.createTempDirectory("bt-fmu-jre-") : null;
        try {
            List<FmuArchive.Entry> jre = List.of();
            JreImage.Made jreMade = null;
            if (jreParent != null) {
                jreMade = JreImage.create(jreParent.resolve("jre"));
                jre = JreImage.entries(jreParent.resolve("jre"), "resources/jre/");
            }
            FmuArchive.Entry dependencies = FmuArchive.Entry.of("documentation/externalDependencies.txt",
                    utf8(Documentation.externalDependencies(mission, modelIdentifier,
                            glibcNeededBy(shim), jreMade,
                            windows.isEmpty() ? null : windows.get(0).path())));
            // The GUID is the hash of everything else, with the description in its GUID-free form.
            List<FmuArchive.Entry> hashed = new ArrayList<>(List.of(
                    FmuArchive.Entry.of("modelDescription.xml",
                            utf8(modelDescription(mission, variables, modelIdentifier, "", tool,
                                    options))),
                    shim));
            hashed.addAll(windows);
            hashed.addAll(List.of(index, dependencies, missionFile, runtimeJar, runtimeSums));
            hashed.addAll(jre);
            String guid = ContentGuid.of(hashed);

            List<FmuArchive.Entry> entries = new ArrayList<>(List.of(
                    FmuArchive.Entry.of("modelDescription.xml",
                            utf8(modelDescription(mission, variables, modelIdentifier, guid, tool,
                                    options))),
                    shim));
            entries.addAll(windows);
            entries.addAll(List.of(index, dependencies,
                    FmuArchive.Entry.of("resources/guid.txt", utf8(guid)),
                    FmuArchive.Entry.of("resources/interfaces.txt", utf8(interfaces(options.interfaces()))),
                    missionFile, runtimeJar, runtimeSums));
            entries.addAll(jre);
            FmuArchive.write(output, entries);
            return new BuiltFmu(output, modelIdentifier, guid, Files.size(output));
        } finally {
            if (jreParent != null) {
                JreImage.delete(jreParent);
            }
        }
    }

    private static ModelVariables variablesOf(Mission mission) throws FmuBuildException {
        ModelVariables variables;
        try {
            variables = ModelVariables.of(mission);
        } catch (IllegalArgumentException e) {
            throw new FmuBuildException(e.getMessage(), e);
        }
        if (variables.size() == 0) {
            throw new FmuBuildException("the mission has no variables and no task status outputs;"
                    + " an FMU needs at least one variable");
        }
        return variables;
    }

    /** One element name a line, as the slave reads it (the interfaces are part of the hashed description). */
    private static String interfaces(Set<FmuInterface> interfaces) {
        StringBuilder text = new StringBuilder();
        interfaces.forEach(i -> text.append(i.elementName()).append('\n'));
        return text.toString();
    }

    private static String modelDescription(Mission mission, ModelVariables variables,
            String modelIdentifier, String guid, String tool, Options options)
            throws FmuBuildException {
        try {
            return options.fmiVersion() == FmiVersion.FMI3
                    ? ModelDescription3.render(mission, variables, modelIdentifier, guid, tool, options.interfaces())
                    : ModelDescription.render(mission, variables, modelIdentifier, guid, tool, options.interfaces());
        } catch (IllegalArgumentException e) {
            throw new FmuBuildException(e.getMessage(), e);
        }
    }

    private static Optional<GlibcVersion> glibcNeededBy(FmuArchive.Entry binary) throws IOException {
        try (InputStream in = binary.source().open()) {
            return GlibcVersion.neededBy(List.of(ElfFile.of(binary.path(), in.readAllBytes())));
        }
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
