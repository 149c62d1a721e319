package org.btfmu.campaign;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;

/**
 * A run worker: a JVM of its own, started by {@link WorkerProcess} for one campaign, that
 * co-simulates the runs it is given one after the other ({@link CampaignRun#here}), so that an
 * FMU that crashes or hangs takes this process with it, not the Spark executor.
 *
 * <p>It speaks with its parent over a loopback socket, never over stdout: an FMU's C code
 * may print to file descriptor 1, and Java's {@code System.out} is sent to stderr here. The
 * parent reads stdout and stderr together, for the message of a run that ended the process.
 * Protocol (big-endian, {@link DataOutputStream}): the worker first sends the token it was
 * started with; then the parent sends a run index (an int; -1: stop) and the worker answers
 * with {@code 'L'} + an FMU log line (UTF), any number of times, then {@code 'R'} + the
 * serialized {@link RunResult} (int length, bytes). Before each run it writes
 * {@link #RUN_MARK} and the index as a line to stderr, so that the parent keeps the output of
 * that run only. When its stdin ends (the parent is gone, however it ended) it exits.
 */
public final class RunWorker {

    /** The start of the line written to stderr before each run. */
    static final String RUN_MARK = "\u0001bt-fmu run worker: run ";
    static final byte LOG = 'L';
    static final byte RESULT = 'R';
    static final int STOP = -1;
    private static final int LONGEST_LOG_LINE = 4000;

    private RunWorker() {
    }

    /** {@code RunWorker <campaign.json> <port> <token>}. */
    public static void main(String[] args) throws IOException {
        PrintStream stderr = System.err;
        System.setOut(stderr);
        Thread lifeline = new Thread(() -> {
            try {
                while (System.in.read() != -1) {
                    // the parent never writes here; it only keeps the pipe open
                }
            } catch (IOException ignored) {
                // as the end of the stream
            }
            // As on SIGTERM: the shutdown hooks delete the unpacked FMUs (they never call into an FMU);
            // halted if they do not end soon.
            Thread halt = new Thread(() -> {
                try {
                    Thread.sleep(10_000);
                } catch (InterruptedException ignored) {
                    // halt now
                }
                Runtime.getRuntime().halt(3);
            }, "bt-fmu run worker halt");
            halt.setDaemon(true);
            halt.start();
            System.exit(3);
        }, "bt-fmu run worker lifeline");
        lifeline.setDaemon(true);
        lifeline.start();

        Campaign campaign = Campaign.read(Path.of(args[0]));
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(args[1]))) {
            socket.setTcpNoDelay(true);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            out.writeUTF(args[2]);
            out.flush();
            for (int index; (index = in.readInt()) != STOP;) {
                stderr.println(RUN_MARK + index);
                stderr.flush();
                RunResult result = CampaignRun.here(campaign, campaign.run(index), null, line -> send(out, line));
                byte[] bytes = serialize(result);
                synchronized (out) {
                    out.writeByte(RESULT);
                    out.writeInt(bytes.length);
                    out.write(bytes);
                    out.flush();
                }
            }
        }
        System.exit(0);
    }

    /** One FMU log line to the parent at once (flushed: the process may end in the next call). */
    private static void send(DataOutputStream out, String line) {
        String text = line.length() > LONGEST_LOG_LINE ? line.substring(0, LONGEST_LOG_LINE) + "..." : line;
        try {
            synchronized (out) {
                out.writeByte(LOG);
                out.writeUTF(text);
                out.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] serialize(RunResult result) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(bytes)) {
            objects.writeObject(result);
        }
        return bytes.toByteArray();
    }
}
