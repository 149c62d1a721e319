package org.btfmu.packager;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a 64-bit little-endian ELF shared library or program asks of the
 * dynamic linker: the libraries it needs ({@code DT_NEEDED}) and the symbol
 * versions it needs from them ({@code .gnu.version_r}), each with the imported
 * symbols bound to it ({@code .dynsym} + {@code .gnu.version}). The loader
 * refuses a binary when any needed version is missing, so the versions decide
 * on which systems it runs (e.g. {@code GLIBC_2.34}: not before glibc 2.34).
 * Read from the section headers, as {@code readelf -V} does.
 */
public final class ElfFile {

    /** One version a binary needs: the version name, the file that must define it, its symbols. */
    public record NeededVersion(String file, String version, List<String> symbols) {
    }

    private static final int SHT_DYNAMIC = 6;
    private static final int SHT_DYNSYM = 11;
    private static final int SHT_GNU_VERNEED = 0x6ffffffe;
    private static final int SHT_GNU_VERSYM = 0x6fffffff;
    private static final long DT_NEEDED = 1;

    private final String name;
    private final List<String> needed;
    private final List<NeededVersion> neededVersions;

    private ElfFile(String name, List<String> needed, List<NeededVersion> neededVersions) {
        this.name = name;
        this.needed = needed;
        this.neededVersions = neededVersions;
    }

    /** Whether the file starts with the ELF magic number (cheap; reads 4 bytes). */
    public static boolean isElf(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L'
                    && magic[3] == 'F';
        }
    }

    /** Reads the file; an IOException names the file and what is wrong with it. */
    public static ElfFile read(Path file) throws IOException {
        return of(file.toString(), Files.readAllBytes(file));
    }

    /** Parses the bytes of a file; {@code name} names it in errors. */
    public static ElfFile of(String name, byte[] bytes) throws IOException {
        ByteBuffer elf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        try {
            return parse(name, elf);
        } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException e) {
            throw new IOException(name + ": not a well-formed ELF file (" + e.getMessage() + ")", e);
        }
    }

    private static ElfFile parse(String file, ByteBuffer elf) throws IOException {
        if (elf.limit() < 64 || elf.getInt(0) != 0x464c457f) {
            throw new IOException(file + ": not an ELF file");
        }
        if (elf.get(4) != 2 || elf.get(5) != 1) {
            throw new IOException(file + ": not a 64-bit little-endian ELF file");
        }
        long sectionOffset = elf.getLong(0x28);
        int entrySize = Short.toUnsignedInt(elf.getShort(0x3a));
        int count = Short.toUnsignedInt(elf.getShort(0x3c));
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int at = Math.toIntExact(sectionOffset + (long) i * entrySize);
            sections.add(new Section(elf.getInt(at + 4), Math.toIntExact(elf.getLong(at + 24)),
                    Math.toIntExact(elf.getLong(at + 32)), elf.getInt(at + 40), elf.getInt(at + 44)));
        }
        List<String> needed = new ArrayList<>();
        Map<Integer, String[]> versionByIndex = new HashMap<>(); // vna_other -> {file, version}
        List<String[]> versions = new ArrayList<>();
        for (Section section : sections) {
            if (section.type == SHT_DYNAMIC) {
                Section strings = sections.get(section.link);
                for (int at = section.offset; at + 16 <= section.offset + section.size; at += 16) {
                    if (elf.getLong(at) == DT_NEEDED) {
                        needed.add(string(elf, strings, elf.getLong(at + 8)));
                    }
                }
            } else if (section.type == SHT_GNU_VERNEED) {
                Section strings = sections.get(section.link);
                int at = section.offset;
                for (int n = 0; n < section.info; n++) {
                    String library = string(elf, strings, Integer.toUnsignedLong(elf.getInt(at + 4)));
                    int aux = at + elf.getInt(at + 8);
                    for (int k = 0; k < Short.toUnsignedInt(elf.getShort(at + 2)); k++) {
                        String version = string(elf, strings, Integer.toUnsignedLong(elf.getInt(aux + 8)));
                        String[] entry = {library, version};
                        versions.add(entry);
                        versionByIndex.put(Short.toUnsignedInt(elf.getShort(aux + 6)), entry);
                        aux += elf.getInt(aux + 12);
                    }
                    int next = elf.getInt(at + 12);
                    if (next == 0) {
                        break;
                    }
                    at += next;
                }
            }
        }
        Map<String[], List<String>> symbols = new HashMap<>();
        Section dynsym = sections.stream().filter(s -> s.type == SHT_DYNSYM).findFirst().orElse(null);
        Section versym = sections.stream().filter(s -> s.type == SHT_GNU_VERSYM).findFirst().orElse(null);
        if (dynsym != null && versym != null) {
            Section strings = sections.get(dynsym.link);
            for (int i = 0; i < dynsym.size / 24; i++) {
                int symbol = dynsym.offset + 24 * i;
                boolean undefined = elf.getShort(symbol + 6) == 0;
                int index = Short.toUnsignedInt(elf.getShort(versym.offset + 2 * i)) & 0x7fff;
                String[] version = versionByIndex.get(index);
                if (undefined && version != null) {
                    symbols.computeIfAbsent(version, v -> new ArrayList<>())
                            .add(string(elf, strings, Integer.toUnsignedLong(elf.getInt(symbol))));
                }
            }
        }
        List<NeededVersion> neededVersions = versions.stream()
                .map(v -> new NeededVersion(v[0], v[1], List.copyOf(symbols.getOrDefault(v, List.of()))))
                .toList();
        return new ElfFile(file, List.copyOf(needed), neededVersions);
    }

    private static String string(ByteBuffer elf, Section table, long offset) {
        int start = Math.toIntExact(table.offset + offset);
        int end = start;
        while (elf.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - start];
        elf.get(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private record Section(int type, int offset, int size, int link, int info) {
    }

    /** The file this was read from, as named when reading it. */
    public String name() {
        return name;
    }

    /** The libraries the dynamic linker loads with it, in order (DT_NEEDED). */
    public List<String> needed() {
        return needed;
    }

    /** Every symbol version it needs, with the file that must define it and the symbols bound to it. */
    public List<NeededVersion> neededVersions() {
        return neededVersions;
    }
}
