package org.btfmu.campaign;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The parent's side of one {@link RunWorker}: starts the worker JVM, hands it runs one at a
 * time and turns what can go wrong in it into one row: a run past the campaign's timeout has
 * the worker (and whatever it started) killed and is a {@code timeout} row; a worker that ends
 * during a run (a signal, an exit inside an FMU) is an {@code error} row naming how it ended,
 * with the run's last FMU log lines and output. Either way this worker is done
 * ({@link #usable()} false) and the next run gets a fresh one.
 */
final class WorkerProcess implements AutoCloseable {

    /**
     * The worker's JVM options: a small, quickly started JVM (one thread co-simulates; the
     * serial collector; C1 only, which suits runs of a second or less), no core dump, its crash
     * report (hs_err) into the temporary folder, where it is deleted once read. javafmi
     * reflects into java.util.prefs.
     */
    static final List<String> JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xms8m", "-XX:TieredStopAtLevel=1",
            "-XX:-CreateCoredumpOnCrash", "--add-opens=java.prefs/java.util.prefs=ALL-UNNAMED");
    /** A system property of the executor: more options for the worker JVM, after those (e.g. -Xmx2g). */
    static final String MORE_OPTIONS = "btfmu.workerOptions";
    /** How long a worker JVM may take to start and connect (a loaded machine is slow). */
    private static final long START_MILLIS = TimeUnit.SECONDS.toMillis(120);
    private static final int LOG_LINES_KEPT = 5;

    private final Process process;
    private final OutputTail output;
    private final Socket socket;
    private final DataOutputStream requests;
    private final DataInputStream answers;
    /** The worker's java.io.tmpdir: its unpacked FMUs and crash report, deleted once it has ended. */
    private final Path tmp;
    private boolean usable = true;

    private WorkerProcess(Process process, OutputTail output, Socket socket, Path tmp) throws IOException {
        this.process = process;
        this.output = output;
        this.socket = socket;
        this.tmp = tmp;
        socket.setTcpNoDelay(true);
        this.requests = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        this.answers = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
    }

    /** A worker for {@code campaign}, connected; else a {@link WorkerException} saying why it did not start. */
    static WorkerProcess start(Path campaign) {
        String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        Path tmp;
        try {
            tmp = Files.createTempDirectory("bt-fmu-run-worker-");
        } catch (IOException e) {
            throw new WorkerException("the run worker did not start: no temporary folder: " + e.getMessage());
        }
        try (ServerSocket server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(JVM_OPTIONS);
            for (String option : System.getProperty(MORE_OPTIONS, "").split(" ")) {
                if (!option.isBlank()) {
                    command.add(option);
                }
            }
            command.add("-XX:ErrorFile=" + tmp.resolve("hs_err.log"));
            command.add("-Djava.io.tmpdir=" + tmp);
            for (String property : System.getProperties().stringPropertyNames()) {
                if (property.startsWith("btfmu.") && !property.equals(MORE_OPTIONS) || property.startsWith("jna.")) {
                    command.add("-D" + property + "=" + System.getProperty(property));
                }
            }
            command.addAll(List.of("-cp", classPath(), RunWorker.class.getName(),
                    campaign.toAbsolutePath().toString(), String.valueOf(server.getLocalPort()), token));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            OutputTail output = new OutputTail(process);
            try {
                Socket socket = accept(server, process, token);
                return new WorkerProcess(process, output, socket, tmp);
            } catch (IOException | RuntimeException e) {
                boolean ended = !process.isAlive();
                kill(process);
                delete(tmp);
                throw new WorkerException("the run worker did not start: " + (ended
                        ? ProcessEnd.describe(process.exitValue(), output.lines()) : e.getMessage()));
            }
        } catch (IOException e) {
            delete(tmp);
            throw new WorkerException("the run worker did not start: " + e.getMessage());
        }
    }

    /** The worker's connection, once it has sent its token (another local program may have connected first). */
    private static Socket accept(ServerSocket server, Process process, String token) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        server.setSoTimeout(200);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("it ended");
            }
            Socket socket;
            try {
                socket = server.accept();
            } catch (SocketTimeoutException e) {
                continue;
            }
            try {
                socket.setSoTimeout(5000);
                if (token.equals(new DataInputStream(socket.getInputStream()).readUTF())) {
                    socket.setSoTimeout(0);
                    return socket;
                }
            } catch (IOException e) {
                // not our worker
            }
            socket.close();
        }
        throw new IOException("it did not connect within " + START_MILLIS / 1000 + " s");
    }

    /**
     * The class path of this JVM for the worker: {@code java.class.path} (on a cluster, the
     * executor's: a Spark worker starts it with the jars of its SPARK_HOME) and the jars Spark
     * added to the task's class loader (an application's jars, {@code spark.jars}).
     */
    static String classPath() {
        Set<String> entries = new LinkedHashSet<>(List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (; loader != null; loader = loader.getParent()) {
            if (loader instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    if ("file".equals(url.getProtocol())) {
                        try {
                            entries.add(Path.of(url.toURI()).toString());
                        } catch (java.net.URISyntaxException | IllegalArgumentException ignored) {
                            // not a local file
                        }
                    }
                }
            }
        }
        entries.remove("");
        return String.join(File.pathSeparator, entries);
    }

    /** Whether this worker can take the next run (it answered the last one). */
    boolean usable() {
        return usable && process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** Runs {@code run} in the worker; never throws for what happens to the run or the worker. */
    RunResult run(Campaign campaign, RunSpec run) {
        long started = System.nanoTime();
        long deadline = started + (long) (campaign.timeoutSeconds() * 1e9);
        Deque<String> log = new ArrayDeque<>();
        try {
            requests.writeInt(run.index());
            requests.flush();
            while (true) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new SocketTimeoutException();
                }
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                byte type = answers.readByte();
                if (type == RunWorker.LOG) {
                    log.addLast(answers.readUTF());
                    if (log.size() > LOG_LINES_KEPT) {
                        log.removeFirst();
                    }
                } else if (type == RunWorker.RESULT) {
                    byte[] bytes = new byte[answers.readInt()];
                    answers.readFully(bytes);
                    RunResult result = deserialize(bytes);
                    return new RunResult(result.index(), result.status(), result.message(), result.values(),
                            result.kept(), result.passed(), result.misses(), seconds(started));
                } else {
                    throw new IOException("the run worker sent " + type);
                }
            }
        } catch (SocketTimeoutException e) {
            usable = false;
            close(); // killed, with whatever it started
            return CampaignRun.timeout(campaign, run, seconds(started));
        } catch (IOException | ClassNotFoundException e) {
            usable = false;
            String how = ended();
            return CampaignRun.failure(run, RunResult.ERROR, how + (log.isEmpty() ? ""
                    : "; its last FMU log lines: " + String.join(" | ", log)), seconds(started), campaign);
        }
    }

    /** How the worker ended (it has, or it is made to), with the run's output. */
    private String ended() {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                String how = "the run worker stopped answering (killed)" + ProcessEnd.output(output.lines());
                close();
                return how;
            }
            output.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(process);
        }
        String how = ProcessEnd.describe(process.exitValue(), output.lines());
        close(); // its crash report goes with its folder: the essentials are on stderr, read above
        return how;
    }

    private static RunResult deserialize(byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (RunResult) objects.readObject();
        }
    }

    /** Asks the worker to stop, else kills it; kills it at once when a run is still in it. */
    @Override
    public void close() {
        if (usable && process.isAlive()) {
            try {
                requests.writeInt(RunWorker.STOP);
                requests.flush();
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    kill(process);
                }
            } catch (IOException e) {
                kill(process);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                kill(process);
            }
        } else {
            kill(process);
        }
        usable = false;
        try {
            socket.close();
            output.awaitEnd();
        } catch (IOException ignored) {
            // closing
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        delete(tmp);
    }

    /** Deletes a folder and everything in it; best effort (a temporary folder). */
    static void delete(Path folder) {
        try (java.util.stream.Stream<Path> walk = Files.walk(folder)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | java.io.UncheckedIOException ignored) {
            // already gone, or not ours to delete
        }
    }

    /** Kills the worker in the middle of its run (this JVM is ending), and deletes its folder. */
    void kill() {
        usable = false;
        close();
    }

    /** Kills the process and every process it started (the tree, children first), and waits for it. */
    static void kill(Process process) {
        List<ProcessHandle> tree = process.descendants().toList();
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}
