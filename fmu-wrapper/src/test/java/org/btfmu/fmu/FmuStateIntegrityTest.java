package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.btfmu.fmu.FmuSlaveTest.reals;
import static org.btfmu.fmu.FmuSlaveTest.vrs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Serialized FMU states carry a format version, the FMU's GUID and a CRC-32C: a state of
 * another FMU, of another format version, truncated or with any single bit flipped is
 * refused by fmi2DeSerializeFMUstate with fmi2Error and a message saying which.
 */
class FmuStateIntegrityTest {

    static final int OK = 0;
    static final int ERROR = 3;

    final List<FmuSlaveTest.Message> messages = new ArrayList<>();
    FmuSlave slave;

    FmuSlave create(String guid) {
        Mission mission = MissionLoader.load(FmuSlaveTest.MISSION, "unit.json");
        FmuResources resources = new FmuResources(Path.of("/unit"), guid, mission, ModelVariables.of(mission));
        return new FmuSlave(resources, new ImporterLog(
                (status, category, text) -> messages.add(new FmuSlaveTest.Message(status, category, text)), false));
    }

    @BeforeEach
    void instantiate() {
        slave = create("{guid-1}");
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(150))));
        assertEquals(OK, slave.doStep(0, 1, true));
    }

    /** The serialized form of the slave's current state. */
    static byte[] serialized(FmuSlave slave) {
        Memory state = new Memory(8);
        state.setLong(0, 0);
        assertEquals(OK, slave.getFMUstate(address(state)));
        Memory size = new Memory(8);
        assertEquals(OK, slave.serializedFMUstateSize(state.getLong(0), address(size)));
        int n = (int) size.getLong(0);
        Memory bytes = new Memory(n);
        assertEquals(OK, slave.serializeFMUstate(state.getLong(0), address(bytes), n));
        assertEquals(OK, slave.freeFMUstate(address(state)));
        return bytes.getByteArray(0, n);
    }

    /** fmi2DeSerializeFMUstate of the bytes, the first {@code length} of them. */
    int deserialize(byte[] bytes, int length) {
        Memory memory = new Memory(Math.max(1, bytes.length));
        memory.write(0, bytes, 0, bytes.length);
        Memory state = new Memory(8);
        state.setLong(0, 0);
        return slave.deSerializeFMUstate(address(memory), length, address(state));
    }

    String lastError() {
        FmuSlaveTest.Message last = messages.get(messages.size() - 1);
        assertEquals(ERROR, last.status());
        assertEquals("logStatusError", last.category());
        return last.text();
    }

    void assertRefused(byte[] bytes, int length, String... words) {
        messages.clear();
        assertEquals(ERROR, deserialize(bytes, length));
        String text = lastError();
        assertTrue(text.startsWith("fmi2DeSerializeFMUstate: "), text);
        for (String word : words) {
            assertTrue(text.contains(word), "'" + word + "' not in: " + text);
        }
    }

    @Test
    void theIntactStateIsAccepted() {
        byte[] bytes = serialized(slave);
        assertEquals(OK, deserialize(bytes, bytes.length));
    }

    @Test
    void everySingleBitFlipIsRefused() {
        byte[] bytes = serialized(slave);
        int accepted = 0;
        for (int bit = 0; bit < 8 * bytes.length; bit++) {
            bytes[bit / 8] ^= (byte) (1 << (bit % 8));
            messages.clear();
            if (deserialize(bytes, bytes.length) != ERROR || messages.isEmpty()) {
                accepted++;
            }
            bytes[bit / 8] ^= (byte) (1 << (bit % 8));
        }
        assertEquals(0, accepted, "of " + 8 * bytes.length + " single-bit flips");
        assertEquals(OK, deserialize(bytes, bytes.length), "the bytes are intact again");
    }

    @Test
    void aFlipInTheEngineStateIsNamedAsCorruption() {
        byte[] bytes = serialized(slave);
        bytes[bytes.length - 12] ^= 0x10;
        assertRefused(bytes, bytes.length, "CRC-32C");
    }

    @Test
    void everyTruncationIsRefused() {
        byte[] bytes = serialized(slave);
        for (int length = 0; length < bytes.length; length++) {
            messages.clear();
            assertEquals(ERROR, deserialize(bytes, length), "the first " + length + " bytes");
            assertTrue(lastError().contains("truncated"), lastError());
        }
    }

    @Test
    void theStateOfAnotherFmuIsRefusedNamingBothGuids() {
        byte[] other = serialized(create("{guid-2}"));
        assertRefused(other, other.length, "{guid-2}", "{guid-1}");
    }

    @Test
    void anotherFormatVersionIsRefusedNamingIt() {
        byte[] bytes = serialized(slave);
        ByteBuffer.wrap(bytes).putInt(4, 2); // the version follows the magic number
        assertRefused(bytes, bytes.length, "version 2", "version " + StateFormat.VERSION);
    }

    @Test
    void bytesThatAreNoFmuStateAreRefused() {
        byte[] bytes = new byte[200];
        assertRefused(bytes, bytes.length, "not an FMU state of a bt-fmu FMU");
    }
}
