package org.btfmu.campaign;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone cluster on this machine for a test: a master and two workers of one core
 * each, started as JVMs of their own from this module's class path (the Maven artifacts; the
 * workers' SPARK_HOME is a folder whose jars/ links to them, where a Spark distribution has its
 * jars), listening on 127.0.0.1 only. {@link #close()} stops them.
 */
final class StandaloneCluster implements AutoCloseable {

    private final List<Process> processes = new ArrayList<>();
    private final Path dir;
    private final int port;

    StandaloneCluster(Path dir) throws IOException, InterruptedException {
        this.dir = dir;
        Path home = dir.resolve("spark-home");
        Files.createDirectories(home.resolve("jars"));
        Files.createDirectories(home.resolve("conf"));
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        int n = 0;
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path source = Path.of(entry).toAbsolutePath();
            if (Files.isRegularFile(source) && entry.endsWith(".jar")) {
                Files.createSymbolicLink(home.resolve("jars").resolve(n++ + "-" + source.getFileName()), source);
            } else if (Files.isDirectory(source)) { // this module's classes: a jar of them
                Path jar = home.resolve("jars").resolve(n++ + "-classes.jar");
                Process pack = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jar").toString(),
                        "cf", jar.toString(), "-C", source.toString(), ".").inheritIO().start();
                if (pack.waitFor() != 0) {
                    throw new IOException("could not pack " + source);
                }
            }
        }
        // The master's and workers' own messages (the campaign's log4j2.properties keeps Spark quiet):
        // awaitWorkers() reads the master's.
        Files.writeString(home.resolve("conf/log4j2.properties"), """
                rootLogger.level = info
                rootLogger.appenderRef.stdout.ref = stdout
                appender.console.type = Console
                appender.console.name = stdout
                appender.console.layout.type = PatternLayout
                appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n
                """);
        port = freePort();
        try {
            startAll(home);
        } catch (IOException | InterruptedException | RuntimeException e) {
            close(); // what started stops again
            throw e;
        }
    }

    private void startAll(Path home) throws IOException, InterruptedException {
        start(home, "master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                String.valueOf(port), "--webui-port", String.valueOf(freePort()));
        for (int w = 1; w <= 2; w++) {
            Path work = Files.createDirectories(dir.resolve("worker-" + w));
            start(home, "worker-" + w, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "1",
                    "--memory", "768m", "--webui-port", String.valueOf(freePort()), "--work-dir", work.toString(),
                    url());
        }
        awaitWorkers();
    }

    String url() {
        return "spark://127.0.0.1:" + port;
    }

    private void start(Path home, String name, String main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Dlog4j2.configurationFile=" + home.resolve("conf/log4j2.properties").toUri(),
                "-cp", home.resolve("jars") + File.separator + "*"));
        command.addAll(List.of(System.getProperty("campaign.test.opens", "").split(" ")).stream()
                .filter(s -> !s.isBlank()).toList());
        command.add(main);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        builder.environment().put("SPARK_HOME", home.toString());
        builder.environment().put("SPARK_SCALA_VERSION", "2.13");
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        processes.add(builder.start());
    }

    /** Until the master's log has registered both workers (a minute at most). */
    private void awaitWorkers() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            String log = Files.readString(dir.resolve("master.log"));
            if (log.split("Registering worker", -1).length - 1 >= 2) {
                return;
            }
            for (Process p : processes) {
                if (!p.isAlive()) {
                    throw new IOException("a cluster process ended: " + p.info() + "; see " + dir);
                }
            }
            Thread.sleep(250);
        }
        throw new IOException("the workers did not register within 120 s; see " + dir.resolve("master.log"));
    }

    String logs() throws IOException {
        StringBuilder all = new StringBuilder();
        for (String name : List.of("master", "worker-1", "worker-2")) {
            all.append("== ").append(name).append('\n').append(Files.readString(dir.resolve(name + ".log")));
        }
        return all.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Stops the workers, then the master; each is asked, then made to end. */
    @Override
    public void close() throws InterruptedException {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process p = processes.get(i);
            p.destroy();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
