package org.btfmu.checker;

import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An FMU's shared library as the checker calls it, for FMI 2.0 ({@link NativeFmu}) and FMI 3.0
 * ({@link NativeFmu3}): called through JNA with nothing in between, so every return code
 * reaches the checker as it is. Each call records its function name and status in {@link
 * #calls()}; the version's logger records every message in {@link #messages()}. The status
 * codes and the FMU state functions are the same in both versions but for their prefix.
 */
abstract class FmuLibrary implements AutoCloseable {

    static final int OK = 0;
    static final int WARNING = 1;
    static final int DISCARD = 2;
    static final int ERROR = 3;
    static final int FATAL = 4;

    /** One call and what it returned. */
    record Call(String function, int status) {
    }

    /** One message the FMU logged. */
    record Message(int status, String category, String text) {
    }

    /** The FMU state functions' names in one version (FMI 2.0 spells FMUstate, FMI 3.0 FMUState). */
    record StateFunctions(String get, String set, String free, String serializedSize, String serialize,
            String deserialize) {
    }

    protected final NativeLibrary library;
    private final StateFunctions state;
    private final List<Call> calls = new ArrayList<>();
    private final List<Message> messages = new ArrayList<>();

    /** Loads the library; throws {@link UnsatisfiedLinkError} naming the file when it cannot. */
    FmuLibrary(Path library, StateFunctions state) {
        this.library = NativeLibrary.getInstance(library.toAbsolutePath().toString());
        this.state = state;
    }

    List<Call> calls() {
        return calls;
    }

    List<Message> messages() {
        return messages;
    }

    boolean exports(String function) {
        try {
            library.getFunction(function);
            return true;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    /** Calls {@code function}, which returns a status, and records it. */
    protected int call(String function, Object... arguments) {
        int status = library.getFunction(function).invokeInt(arguments);
        calls.add(new Call(function, status));
        return status;
    }

    /** Records a call that returns no status (instantiate: OK or, for null, ERROR; free). */
    protected void record(String function, int status) {
        calls.add(new Call(function, status));
    }

    /** Records a message the FMU logged (from the version's logger callback). */
    protected void logged(int status, String category, String text) {
        messages.add(new Message(status, category, text));
    }

    /** Get FMU state into a new state; null if the call failed. */
    Pointer getState(Pointer instance) {
        PointerByReference saved = new PointerByReference(Pointer.NULL);
        return call(state.get(), instance, saved) == OK ? saved.getValue() : null;
    }

    int setState(Pointer instance, Pointer saved) {
        return call(state.set(), instance, saved);
    }

    int freeState(Pointer instance, Pointer saved) {
        return call(state.free(), instance, new PointerByReference(saved));
    }

    /** Serializes and deserializes the state; the copy, or null if a call failed. */
    Pointer roundTrip(Pointer instance, Pointer saved) {
        Memory size = new Memory(8);
        if (call(state.serializedSize(), instance, saved, size) != OK) {
            return null;
        }
        long n = size.getLong(0);
        Memory bytes = new Memory(Math.max(1, n));
        if (call(state.serialize(), instance, saved, bytes, n) != OK) {
            return null;
        }
        PointerByReference copy = new PointerByReference(Pointer.NULL);
        return call(state.deserialize(), instance, bytes, n, copy) == OK ? copy.getValue() : null;
    }

    @Override
    public void close() {
        library.close();
    }
}
