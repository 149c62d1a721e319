package org.btfmu.fmu;

import java.util.Arrays;

/**
 * The live instances of one FMI entry class by handle (the {@code fmi2Component} /
 * {@code fmi3Instance} the shim hands back, index + 1, so 0 is never a handle). Freed slots
 * are reused. Lookups take no lock: the slot array is published through a volatile reference.
 */
final class SlaveHandles<S> {

    private final Object lock = new Object();
    private volatile Object[] slots = new Object[4];

    /** Stores the slave and returns its handle. */
    long register(S slave) {
        synchronized (lock) {
            Object[] all = slots;
            int free = 0;
            while (free < all.length && all[free] != null) {
                free++;
            }
            if (free == all.length) {
                all = Arrays.copyOf(all, all.length * 2);
            }
            all[free] = slave;
            slots = all;
            return free + 1L;
        }
    }

    /** The slave of a handle; null for 0, a freed handle or one never given. */
    @SuppressWarnings("unchecked")
    S get(long handle) {
        Object[] all = slots;
        return handle > 0 && handle <= all.length ? (S) all[(int) handle - 1] : null;
    }

    /** Forgets the handle and returns its slave, null if it had none (freed twice, never given). */
    S remove(long handle) {
        synchronized (lock) {
            S slave = get(handle);
            if (slave != null) {
                Object[] all = slots;
                all[(int) handle - 1] = null;
                slots = all;
            }
            return slave;
        }
    }
}
