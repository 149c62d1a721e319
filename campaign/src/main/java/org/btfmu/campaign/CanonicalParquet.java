package org.btfmu.campaign;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Puts the lists of a Parquet file's footer that parquet-java writes in a hash set's order
 * (each column's encodings, and their page statistics) into one fixed order. Their order
 * follows the enum constants' identity hash codes, which differ from one JVM to the next
 * (parquet-java issue 3215, open): without this, the same rows written twice differ in a few
 * bytes of the footer. Only the order changes, so the footer keeps its length.
 */
final class CanonicalParquet {

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private CanonicalParquet() {
    }

    static void rewrite(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int n = bytes.length;
        if (n < 12 || !java.util.Arrays.equals(java.util.Arrays.copyOfRange(bytes, n - 4, n), MAGIC)) {
            throw new IOException(file + ": not a Parquet file");
        }
        int length = ByteBuffer.wrap(bytes, n - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int start = n - 8 - length;
        FileMetaData footer = Util.readFileMetaData(new ByteArrayInputStream(bytes, start, length));
        for (RowGroup group : footer.getRow_groups()) {
            for (ColumnChunk chunk : group.getColumns()) {
                ColumnMetaData column = chunk.getMeta_data();
                List<Encoding> encodings = new java.util.ArrayList<>(column.getEncodings());
                encodings.sort(Comparator.comparingInt(Encoding::getValue));
                column.setEncodings(encodings);
                if (column.isSetEncoding_stats()) {
                    List<PageEncodingStats> stats = new java.util.ArrayList<>(column.getEncoding_stats());
                    stats.sort(Comparator.comparingInt((PageEncodingStats s) -> s.getPage_type().getValue())
                            .thenComparingInt(s -> s.getEncoding().getValue()));
                    column.setEncoding_stats(stats);
                }
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length);
        Util.writeFileMetaData(footer, out);
        if (out.size() != length) {
            throw new IOException(file + ": the reordered footer has " + out.size() + " bytes, not " + length);
        }
        System.arraycopy(out.toByteArray(), 0, bytes, start, length);
        Files.write(file, bytes);
    }
}
