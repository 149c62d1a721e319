package org.btfmu.checker;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What a Windows DLL (Portable Executable, PE32+) exports and imports, read in Java so that
 * {@code bt-fmu check} verifies binaries/win64 without Windows. Path through the file: DOS
 * header ({@code e_lfanew}) → PE signature and COFF header → optional header (its data
 * directories) → export directory (the name table) and import directory (one descriptor per
 * DLL). Only what these need is read; any inconsistency is an {@link IllegalArgumentException}.
 */
public record PeFile(int machine, boolean dll, List<String> exports, List<String> imports) {

    public static final int MACHINE_AMD64 = 0x8664;
    private static final int PE32_PLUS = 0x20b;
    private static final int IMAGE_FILE_DLL = 0x2000;

    public static PeFile read(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 64 || b.getShort(0) != 0x5A4D) {
            throw new IllegalArgumentException("not a PE file: no MZ header");
        }
        int pe = b.getInt(0x3c);
        if (pe < 0 || pe + 24 > bytes.length || b.getInt(pe) != 0x00004550) {
            throw new IllegalArgumentException("not a PE file: no PE signature at offset " + pe);
        }
        int machine = Short.toUnsignedInt(b.getShort(pe + 4));
        int sectionCount = Short.toUnsignedInt(b.getShort(pe + 6));
        int optionalSize = Short.toUnsignedInt(b.getShort(pe + 20));
        int characteristics = Short.toUnsignedInt(b.getShort(pe + 22));
        int optional = pe + 24;
        if (optional + optionalSize > bytes.length || Short.toUnsignedInt(b.getShort(optional)) != PE32_PLUS) {
            throw new IllegalArgumentException("not a 64-bit PE file (PE32+ optional header)");
        }
        int directoryCount = b.getInt(optional + 108);
        Sections sections = new Sections(b, optional + optionalSize, sectionCount);
        List<String> exports = directoryCount > 0 ? exports(b, sections, b.getInt(optional + 112)) : List.of();
        List<String> imports = directoryCount > 1 ? imports(b, sections, b.getInt(optional + 120)) : List.of();
        return new PeFile(machine, (characteristics & IMAGE_FILE_DLL) != 0, exports, imports);
    }

    /** The export name table: NumberOfNames at +24, AddressOfNames at +32. */
    private static List<String> exports(ByteBuffer b, Sections sections, int rva) {
        List<String> names = new ArrayList<>();
        if (rva == 0) {
            return names;
        }
        int directory = sections.offset(rva);
        int count = b.getInt(directory + 24);
        int table = sections.offset(b.getInt(directory + 32));
        if (count < 0 || count > 65536) {
            throw new IllegalArgumentException("export directory: " + count + " names");
        }
        for (int i = 0; i < count; i++) {
            names.add(string(b, sections.offset(b.getInt(table + 4 * i))));
        }
        return names;
    }

    /** Import descriptors of 20 bytes, the DLL's name RVA at +12, ended by an all-zero one. */
    private static List<String> imports(ByteBuffer b, Sections sections, int rva) {
        List<String> names = new ArrayList<>();
        if (rva == 0) {
            return names;
        }
        for (int descriptor = sections.offset(rva); ; descriptor += 20) {
            int name = b.getInt(descriptor + 12);
            if (name == 0 && b.getInt(descriptor + 16) == 0) {
                return names;
            }
            names.add(string(b, sections.offset(name)));
            if (names.size() > 4096) {
                throw new IllegalArgumentException("import directory has no end");
            }
        }
    }

    private static String string(ByteBuffer b, int offset) {
        int end = offset;
        while (end < b.limit() && b.get(end) != 0) {
            end++;
        }
        if (end == b.limit()) {
            throw new IllegalArgumentException("a name at offset " + offset + " runs past the file's end");
        }
        byte[] text = new byte[end - offset];
        b.get(offset, text);
        return new String(text, StandardCharsets.US_ASCII);
    }

    /** The section table: turns a relative virtual address into a file offset. */
    private record Sections(ByteBuffer b, int table, int count) {
        int offset(int rva) {
            for (int i = 0; i < count; i++) {
                int header = table + 40 * i;
                int virtualSize = b.getInt(header + 8);
                int address = b.getInt(header + 12);
                int rawSize = b.getInt(header + 16);
                int raw = b.getInt(header + 20);
                if (Integer.compareUnsigned(rva, address) >= 0
                        && Integer.compareUnsigned(rva - address, Math.max(virtualSize, rawSize)) < 0) {
                    int offset = raw + (rva - address);
                    if (offset < 0 || offset >= b.limit()) {
                        break;
                    }
                    return offset;
                }
            }
            throw new IllegalArgumentException("address 0x" + Integer.toHexString(rva) + " is in no section of the file");
        }
    }
}
