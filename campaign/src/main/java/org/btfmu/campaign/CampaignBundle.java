package org.btfmu.campaign;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The files a campaign reads (the campaign file, its coupling, the SSP and FMUs of the coupling)
 * in one zip, shipped to a cluster's executors, which need not see the driver's files. Each file
 * keeps its absolute path under the zip's root, so that relative paths between them resolve in
 * an unpacked copy as they do on the driver.
 */
final class CampaignBundle {

    private CampaignBundle() {
    }

    /** The files {@code campaign} reads, as absolute normalized paths. */
    static Set<Path> files(Campaign campaign) {
        Set<Path> files = new LinkedHashSet<>();
        files.add(absolute(campaign.file()));
        files.add(absolute(campaign.scenario().file()));
        if (campaign.scenario().ssp() != null) {
            files.add(absolute(campaign.scenario().ssp()));
        }
        campaign.scenario().fmus().values().forEach(f -> files.add(absolute(f)));
        return files;
    }

    /** Writes the bundle of {@code campaign} to {@code zip}. */
    static void write(Campaign campaign, Path zip) {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (Path file : files(campaign)) {
                out.putNextEntry(new ZipEntry(entryName(file)));
                Files.copy(file, out);
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bundle the campaign's files into " + zip + ": " + e.getMessage(), e);
        }
    }

    /** Unpacks {@code zip} under {@code root}; returns where the campaign file {@code campaignFile} now is. */
    static Path unpack(Path zip, Path folder, Path campaignFile) {
        Path root = folder.toAbsolutePath().normalize();
        try (ZipFile in = new ZipFile(zip.toFile())) {
            for (Enumeration<? extends ZipEntry> e = in.entries(); e.hasMoreElements();) {
                ZipEntry entry = e.nextElement();
                Path target = root.resolve(entry.getName()).normalize();
                if (!target.startsWith(root)) {
                    throw new IOException("entry " + entry.getName() + " leaves the folder");
                }
                Files.createDirectories(target.getParent());
                try (InputStream from = in.getInputStream(entry); OutputStream to = Files.newOutputStream(target)) {
                    from.transferTo(to);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the campaign's files from " + zip + ": " + e.getMessage(), e);
        }
        return root.resolve(entryName(absolute(campaignFile)));
    }

    private static Path absolute(Path file) {
        return file.toAbsolutePath().normalize();
    }

    /** The absolute path without its root ("/" on Linux), '/'-separated. */
    private static String entryName(Path absolute) {
        return absolute.getRoot().relativize(absolute).toString().replace('\\', '/');
    }
}
