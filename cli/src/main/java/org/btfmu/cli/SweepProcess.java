package org.btfmu.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Starts {@code bt-fmu sweep} (the campaign module, on Spark) in a JVM of its own with that
 * module's class path, as the launcher does: Spark's jars and JVM options never enter this
 * JVM, so no other command pays for them. Used when bt-fmu.jar runs without the launcher,
 * and by the demo's campaign.
 */
public final class SweepProcess {

    private SweepProcess() {
    }

    /** The campaign module's build output beside this jar's ({@code <root>/campaign/target}), or null. */
    static Path campaignTarget() {
        try {
            Path jar = Path.of(SweepProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // cli/target/bt-fmu.jar or cli/target/classes
            Path root = jar.getParent().getParent().getParent();
            Path target = root.resolve("campaign").resolve("target");
            return Files.isRegularFile(target.resolve("classpath.txt")) ? target : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Runs {@code bt-fmu sweep <args>}, its output and errors copied to {@code out} and
     * {@code err}; returns its exit code, or 2 with a message when the campaign module is not built.
     */
    public static int run(List<String> args, PrintWriter out, PrintWriter err) throws IOException {
        Path target = campaignTarget();
        if (target == null) {
            err.println("bt-fmu sweep: the campaign module is not built (campaign/target/classpath.txt is missing"
                    + " beside this jar's folder); build with 'mvn package' and start it with the bt-fmu launcher");
            err.flush();
            return BtFmu.EXIT_BAD_INPUT;
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+UseSerialGC");
        String options = Files.readString(target.resolve("classes/org/btfmu/campaign/java-options.txt")).trim();
        command.addAll(Arrays.asList(options.split("\\s+")));
        command.add("-cp");
        command.add(target.resolve("classes") + java.io.File.pathSeparator
                + Files.readString(target.resolve("classpath.txt")).trim());
        command.add("org.btfmu.campaign.Sweep");
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putIfAbsent("SPARK_LOCAL_IP", "127.0.0.1");
        Process process = builder.start();
        process.getOutputStream().close();
        Thread errors = new Thread(() -> copy(new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8)), err));
        errors.start();
        copy(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), out);
        try {
            int code = process.waitFor();
            errors.join();
            return code;
        } catch (InterruptedException e) {
            process.destroy();
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    private static void copy(BufferedReader in, PrintWriter to) {
        try (in) {
            for (String line; (line = in.readLine()) != null;) {
                synchronized (to) {
                    to.println(line);
                    to.flush();
                }
            }
        } catch (IOException e) {
            synchronized (to) {
                to.println("bt-fmu sweep: " + e.getMessage());
            }
        }
    }
}
