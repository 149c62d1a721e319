package org.btfmu.packager;

import java.util.Collection;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A glibc release as ELF symbol versions name it ({@code GLIBC_2.17}): a binary
 * that needs {@code GLIBC_x.y} loads only on glibc x.y or newer.
 */
public record GlibcVersion(int major, int minor) implements Comparable<GlibcVersion> {

    /** What the FMU's own binaries need at most: manylinux2014, and what the JDK needs. */
    public static final GlibcVersion BASELINE = new GlibcVersion(2, 17);

    private static final Pattern NAME = Pattern.compile("GLIBC_(\\d+)\\.(\\d+)(?:\\.\\d+)?");

    /** The release a version name stands for; empty for other names (GLIBC_PRIVATE, GCC_3.0 …). */
    public static Optional<GlibcVersion> ofSymbolVersion(String name) {
        Matcher m = NAME.matcher(name);
        return m.matches()
                ? Optional.of(new GlibcVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))))
                : Optional.empty();
    }

    /** The newest glibc the binaries need; empty when none needs a versioned glibc symbol. */
    public static Optional<GlibcVersion> neededBy(Collection<ElfFile> binaries) {
        return binaries.stream()
                .flatMap(elf -> elf.neededVersions().stream())
                .flatMap(v -> ofSymbolVersion(v.version()).stream())
                .max(GlibcVersion::compareTo);
    }

    @Override
    public int compareTo(GlibcVersion other) {
        return major != other.major ? Integer.compare(major, other.major)
                : Integer.compare(minor, other.minor);
    }

    /** "2.17". */
    @Override
    public String toString() {
        return major + "." + minor;
    }
}
