package org.btfmu.cosim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.javafmi.modeldescription.ModelDescriptionDeserializer;

/**
 * Loads, on a background thread, the classes that loading an FMI 2.0 FMU needs, while the
 * caller reads the SSP and unpacks the FMUs: javafmi's model-description reader (Simple XML,
 * some 190 classes compiled for Java 5, which the class-data archive of JDK 17 cannot hold, so
 * they are read and verified from the jar at every start), and JNA's settings ({@link JnaStartup})
 * and classes. Nothing of it is needed for the result: any failure here is left for the loading
 * itself to report, and the loading waits for nothing but the JVM's class-loading locks.
 */
public final class LoadingWarmUp {

    /** A model description with the elements javafmi's FMI 2.0 reader maps (their classes). */
    private static final String DESCRIPTION = """
            <?xml version="1.0" encoding="UTF-8"?>
            <fmiModelDescription fmiVersion="2.0" modelName="m" guid="{0}" numberOfEventIndicators="0">
              <ModelExchange modelIdentifier="m"/>
              <CoSimulation modelIdentifier="m" canHandleVariableCommunicationStepSize="true"/>
              <UnitDefinitions><Unit name="m"><BaseUnit m="1"/></Unit></UnitDefinitions>
              <TypeDefinitions><SimpleType name="t"><Enumeration><Item name="a" value="1"/></Enumeration></SimpleType>
              </TypeDefinitions>
              <LogCategories><Category name="logAll"/></LogCategories>
              <DefaultExperiment startTime="0" stopTime="1" stepSize="1"/>
              <ModelVariables>
                <ScalarVariable name="r" valueReference="0" causality="output" variability="continuous">
                  <Real unit="m"/></ScalarVariable>
                <ScalarVariable name="i" valueReference="0" causality="input" variability="discrete">
                  <Integer start="0"/></ScalarVariable>
                <ScalarVariable name="b" valueReference="0" causality="parameter" variability="fixed" initial="exact">
                  <Boolean start="false"/></ScalarVariable>
                <ScalarVariable name="s" valueReference="0" causality="parameter" variability="fixed" initial="exact">
                  <String start=""/></ScalarVariable>
                <ScalarVariable name="e" valueReference="0" causality="output" variability="discrete">
                  <Enumeration declaredType="t"/></ScalarVariable>
              </ModelVariables>
              <ModelStructure>
                <Outputs><Unknown index="1" dependencies="2"/><Unknown index="5"/></Outputs>
                <InitialUnknowns><Unknown index="1"/></InitialUnknowns>
              </ModelStructure>
            </fmiModelDescription>
            """;

    private LoadingWarmUp() {
    }

    /** Starts the warm-up (a daemon thread: it never holds up the JVM's exit). */
    public static void start() {
        Thread thread = new Thread(LoadingWarmUp::run, "bt-fmu-loading-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    static void run() {
        try {
            JnaStartup.apply();
            // Loaded, not initialised: a JNA that cannot start must fail where it is used, with its own error.
            Class.forName("com.sun.jna.Native", false, LoadingWarmUp.class.getClassLoader());
            Path file = Files.createTempFile("bt-fmu-warm-up-", ".xml");
            file.toFile().deleteOnExit(); // a command that ends while this daemon thread parses leaves no file
            try {
                Files.writeString(file, DESCRIPTION);
                ModelDescriptionDeserializer.deserialize(file.toFile()).asV2().build();
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException | ReflectiveOperationException | RuntimeException | LinkageError e) {
            // the loading of the FMUs meets and reports whatever failed here
        }
    }
}
