package org.btfmu.cosim;

import com.sun.jna.CallbackReference;
import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import org.javafmi.proxy.FmuFile;
import org.javafmi.proxy.v2.CallbackFunctions;
import org.javafmi.proxy.v2.Callbacks;
import org.javafmi.proxy.v2.Fmu;

/**
 * Per-call cost of the FMI calls a co-simulation master makes at every step, through
 * each binding the master could use, on the plain C FMU Feedthrough (the one the C
 * driver native_bench.c calls in a C loop: benchmarks/run-fmi-calls.sh prints both):
 * javafmi's proxy (JNA's generic path plus javafmi's marshalling), JNA's generic
 * {@code Function.invokeInt(Object[])} with primitive arrays, JNA's direct mapping
 * ({@link DirectBinding}, the fallback) and our JNI library ({@link JniFmi2Calls}, what the master
 * uses where it loads). Every round runs every (binding, call) batch once in a
 * rotating order, so load from other processes falls on all alike; medians are printed.
 *
 * <p>In the package of the binding it measures (package-private); lives in benchmarks/.
 */
public final class FmiCallsBenchmark {

    /**
     * Short batches, as native_bench.c's: on a loaded machine a batch longer than a scheduler
     * time slice is nearly always preempted, and its median then measures the wait (20,000 calls
     * a batch gave microseconds per call under a load average of 9).
     */
    private static final int BATCH = 1000;
    private static final int ROUNDS = 301;
    private static final int WARMUP_ROUNDS = 100;
    /** As native_bench.c: ten values repeat Feedthrough's one Real input (0) and output (1). */
    private static final int[] IN = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    private static final int[] OUT = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1};

    private FmiCallsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path fmuFile = Files.createTempFile("bench-feedthrough", ".fmu");
        try (InputStream in = FmiCallsBenchmark.class.getResourceAsStream("/org/btfmu/testfmus/Feedthrough.fmu")) {
            Files.copy(in, fmuFile, StandardCopyOption.REPLACE_EXISTING);
        }
        FmuFile file = new FmuFile(fmuFile.toFile());
        Fmu fmu = new Fmu(file);
        CallbackFunctions callbacks = new CallbackFunctions();
        callbacks.logger = (env, instance, status, category, message, a) -> { };
        // C's calloc and free, as native_bench.c gives: javafmi's default memory callbacks are Java
        // methods, and Feedthrough copies its String output (allocate, free) at every doStep and
        // set, so each of those calls would include two JNA up-calls (about 1.7 us, measured).
        NativeLibrary libc = NativeLibrary.getInstance("c");
        callbacks.memoryAllocator = (Callbacks.MemoryAllocator) CallbackReference.getCallback(
                Callbacks.MemoryAllocator.class, libc.getFunction("calloc"));
        callbacks.memoryLiberator = (Callbacks.MemoryLiberator) CallbackReference.getCallback(
                Callbacks.MemoryLiberator.class, libc.getFunction("free"));
        fmu.instantiate("bench", 1, ((org.javafmi.modeldescription.v2.ModelDescription) file.getModelDescription()).getGuid(),
                Path.of(file.getResourcesDirectoryPath()).toUri().toString(), callbacks, false, false);
        fmu.setUpExperiment(false, 0, 0, false, 0);
        fmu.enterInitializationMode();
        fmu.exitInitializationMode();
        var field = Fmu.class.getDeclaredField("component");
        field.setAccessible(true);
        Pointer pointer = (Pointer) field.get(fmu);
        long component = Pointer.nativeValue(pointer);
        NativeLibrary library = NativeLibrary.getInstance(file.getLibraryPath());
        Fmi2Calls direct = DirectBinding.bind(library);
        Fmi2Step directStep = DirectBinding.bindStep(library);
        if (!JniFmiLibrary.loaded()) {
            throw new IllegalStateException("the JNI library for FMI calls did not load");
        }
        Fmi2Calls jni = new JniFmi2Calls(library);
        Fmi2Step jniStep = new JniFmi2Step(library);
        Function doStep = library.getFunction("fmi2DoStep");
        Function setReal = library.getFunction("fmi2SetReal");
        Function getReal = library.getFunction("fmi2GetReal");

        double[] values = new double[10];
        double[] time = {0};
        String[] bindings = {"javafmi proxy", "JNA Function.invokeInt", "JNA direct mapping", "JNI (ours)"};
        String[] calls = {"fmi2DoStep", "fmi2SetReal, 10 values", "fmi2GetReal, 10 values"};
        Runnable[][] batches = {
            {
                () -> { for (int k = 0; k < BATCH; k++) { check(fmu.doStep(time[0], 1, true)); time[0] += 1; } },
                () -> { for (int k = 0; k < BATCH; k++) { values[0] = k; check(fmu.setReal(IN, values)); } },
                () -> { for (int k = 0; k < BATCH; k++) { values[0] += fmu.getReal(OUT)[0]; } },
            },
            {
                () -> { for (int k = 0; k < BATCH; k++) {
                    check(doStep.invokeInt(new Object[] {pointer, time[0], 1.0, 1})); time[0] += 1; } },
                () -> { for (int k = 0; k < BATCH; k++) {
                    values[0] = k; check(setReal.invokeInt(new Object[] {pointer, IN, 10L, values})); } },
                () -> { for (int k = 0; k < BATCH; k++) {
                    check(getReal.invokeInt(new Object[] {pointer, OUT, 10L, values})); } },
            },
            {
                () -> { for (int k = 0; k < BATCH; k++) {
                    check(directStep.doStep(component, time[0], 1, true)); time[0] += 1; } },
                () -> { for (int k = 0; k < BATCH; k++) { values[0] = k; check(direct.setReal(component, IN, values)); } },
                () -> { for (int k = 0; k < BATCH; k++) { check(direct.getReal(component, OUT, values)); } },
            },
            {
                () -> { for (int k = 0; k < BATCH; k++) {
                    check(jniStep.doStep(component, time[0], 1, true)); time[0] += 1; } },
                () -> { for (int k = 0; k < BATCH; k++) { values[0] = k; check(jni.setReal(component, IN, values)); } },
                () -> { for (int k = 0; k < BATCH; k++) { check(jni.getReal(component, OUT, values)); } },
            },
        };
        int cases = bindings.length * calls.length;
        double[][] samples = new double[cases][ROUNDS];
        for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
            for (int k = 0; k < cases; k++) {
                int i = (k + round + WARMUP_ROUNDS) % cases;
                long start = System.nanoTime();
                batches[i / calls.length][i % calls.length].run();
                if (round >= 0) {
                    samples[i][round] = (System.nanoTime() - start) / (double) BATCH;
                }
            }
        }
        System.out.print("| call |");
        for (String b : bindings) {
            System.out.print(" " + b + " ns |");
        }
        System.out.println(" JNI / JNA direct |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (int c = 0; c < calls.length; c++) {
            System.out.print("| " + calls[c] + " |");
            double[] m = new double[bindings.length];
            for (int b = 0; b < bindings.length; b++) {
                double[] s = samples[b * calls.length + c];
                Arrays.sort(s);
                m[b] = s[s.length / 2];
                System.out.printf(" %.0f |", m[b]);
            }
            System.out.printf(" %.2f |%n", m[3] / m[2]);
        }
        System.out.printf("%nMedians over %d rounds of %d calls (after %d warm-up rounds), all cases interleaved"
                + " in each round; %s.%n", ROUNDS, BATCH, WARMUP_ROUNDS, System.getProperty("java.vm.version"));
        fmu.terminate();
        fmu.free();
        file.deleteTemporalFolder();
        Files.deleteIfExists(fmuFile);
    }

    private static void check(int status) {
        if (status != 0) {
            throw new IllegalStateException("FMI status " + status);
        }
    }
}
