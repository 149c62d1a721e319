package org.btfmu.fmutests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuBuildException;
import org.btfmu.packager.FmiVersion;
import org.btfmu.packager.FmuInterface;
import org.btfmu.packager.FmuPackager;
import org.btfmu.testfmus.PlantFmu;

/** A test mission packaged by the real packager, as an .fmu file and extracted as importers do. */
record FmuFixture(Path fmu, Path directory, String guid) {

    static FmuFixture build(Path workDirectory, String missionFile, String modelIdentifier)
            throws IOException, FmuBuildException {
        return build(workDirectory, missionFile, modelIdentifier, false);
    }

    /** With bundleJre, the FMU carries a jlink'ed Java runtime in resources/jre. */
    static FmuFixture build(Path workDirectory, String missionFile, String modelIdentifier,
            boolean bundleJre) throws IOException, FmuBuildException {
        Mission mission = MissionLoader.load(Path.of("src/test/resources/missions", missionFile));
        Files.createDirectories(workDirectory);
        Path fmu = workDirectory.resolve(modelIdentifier + ".fmu").toAbsolutePath();
        FmuPackager.BuiltFmu built = new FmuPackager()
                .build(mission, new FmuPackager.Options(modelIdentifier, bundleJre), fmu);
        Path directory = workDirectory.resolve(modelIdentifier).toAbsolutePath();
        extract(fmu, directory);
        return new FmuFixture(fmu, directory, built.guid());
    }

    /** An FMI 3.0 FMU ({@code bt-fmu build --fmi 3}) with both interfaces, extracted. */
    static FmuFixture buildFmi3(Path workDirectory, String missionFile, String modelIdentifier)
            throws IOException, FmuBuildException {
        Mission mission = MissionLoader.load(Path.of("src/test/resources/missions", missionFile));
        Files.createDirectories(workDirectory);
        Path fmu = workDirectory.resolve(modelIdentifier + ".fmu").toAbsolutePath();
        FmuPackager.BuiltFmu built = new FmuPackager().build(mission, new FmuPackager.Options(modelIdentifier,
                false, java.util.EnumSet.allOf(FmuInterface.class), FmiVersion.FMI3), fmu);
        Path directory = workDirectory.resolve(modelIdentifier).toAbsolutePath();
        extract(fmu, directory);
        return new FmuFixture(fmu, directory, built.guid());
    }

    /** A plant FMU of test-fmus, extracted; its GUID read from its modelDescription.xml. */
    static FmuFixture plant(Path workDirectory, PlantFmu plant) throws IOException {
        Files.createDirectories(workDirectory);
        Path fmu = plant.copyTo(workDirectory).toAbsolutePath();
        Path directory = workDirectory.resolve(plant.modelName()).toAbsolutePath();
        extract(fmu, directory);
        Matcher guid = Pattern.compile("\\sguid=\"([^\"]+)\"")
                .matcher(Files.readString(directory.resolve("modelDescription.xml")));
        if (!guid.find()) {
            throw new IOException(plant.modelName() + ": no guid in modelDescription.xml");
        }
        return new FmuFixture(fmu, directory, guid.group(1));
    }

    /** The FMI 3.0 build of a plant of test-fmus, extracted as {@code <Model>/}; its instantiationToken as guid. */
    static FmuFixture plant3(Path workDirectory, PlantFmu plant) throws IOException {
        Files.createDirectories(workDirectory);
        Path fmu = plant.copyFmi3To(workDirectory).toAbsolutePath();
        Path directory = workDirectory.resolve(plant.modelName()).toAbsolutePath();
        extract(fmu, directory);
        Matcher token = Pattern.compile("\\sinstantiationToken=\"([^\"]+)\"")
                .matcher(Files.readString(directory.resolve("modelDescription.xml")));
        if (!token.find()) {
            throw new IOException(plant.modelName() + ": no instantiationToken in modelDescription.xml");
        }
        return new FmuFixture(fmu, directory, token.group(1));
    }

    private static void extract(Path fmu, Path directory) throws IOException {
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                Path target = directory.resolve(entry.getName()).normalize();
                if (!target.startsWith(directory)) {
                    throw new IOException("entry outside the FMU: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
