package org.btfmu.fmu;

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import sun.misc.Unsafe;

/**
 * Reads and writes the importer's C memory at the raw addresses the shim
 * passes (value arrays, value references, C strings). Allocation-free, so
 * that fmi2GetReal/fmi2SetReal of n values cost one JNI crossing and n loads;
 * per-element JNA Pointer reads were measured at twice the cost (DESIGN.md §4).
 * Addresses are trusted: the shim passes what the importer passed, and the
 * slave checks them for NULL before use.
 */
final class NativeMemory {

    private static final Unsafe UNSAFE = unsafe();

    private NativeMemory() {
    }

    static double getDouble(long address) {
        return UNSAFE.getDouble(address);
    }

    static void putDouble(long address, double value) {
        UNSAFE.putDouble(address, value);
    }

    static int getInt(long address) {
        return UNSAFE.getInt(address);
    }

    static void putInt(long address, int value) {
        UNSAFE.putInt(address, value);
    }

    static long getLong(long address) {
        return UNSAFE.getLong(address);
    }

    static void putLong(long address, long value) {
        UNSAFE.putLong(address, value);
    }

    /** An FMI 3.0 {@code fmi3Boolean} (C {@code bool}, one byte) and the like. */
    static byte getByte(long address) {
        return UNSAFE.getByte(address);
    }

    static void putByte(long address, byte value) {
        UNSAFE.putByte(address, value);
    }

    /** The {@code size_t} at the address (64-bit platforms only, like the shim). */
    static long getSize(long address) {
        return UNSAFE.getLong(address);
    }

    static void putSize(long address, long value) {
        UNSAFE.putLong(address, value);
    }

    /** The NUL-terminated UTF-8 string at the address, or null for address 0. */
    static String getString(long address) {
        if (address == 0) {
            return null;
        }
        int length = 0;
        while (UNSAFE.getByte(address + length) != 0) {
            length++;
        }
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = UNSAFE.getByte(address + i);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Copies the bytes to C memory. */
    static void putBytes(long address, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            UNSAFE.putByte(address + i, bytes[i]);
        }
    }

    static byte[] getBytes(long address, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = UNSAFE.getByte(address + i);
        }
        return bytes;
    }

    /** A NUL-terminated UTF-8 copy of the string in newly allocated C memory; free with {@link #free}. */
    static long allocateString(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        long address = UNSAFE.allocateMemory(bytes.length + 1L);
        putBytes(address, bytes);
        UNSAFE.putByte(address + bytes.length, (byte) 0);
        return address;
    }

    /** Newly allocated C memory of the size, every byte 0; free with {@link #free}. */
    static long allocateZeroed(long bytes) {
        long address = UNSAFE.allocateMemory(bytes);
        UNSAFE.setMemory(address, bytes, (byte) 0);
        return address;
    }

    static void free(long address) {
        if (address != 0) {
            UNSAFE.freeMemory(address);
        }
    }

    private static Unsafe unsafe() {
        try {
            Field field = Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            return (Unsafe) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
