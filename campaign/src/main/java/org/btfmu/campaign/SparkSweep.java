package org.btfmu.campaign;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Runs every run of a campaign as a Spark job, one task per run, and writes the results as
 * Parquet through Spark. A task co-simulates its run in a run worker, a JVM the executor
 * starts and reuses for many runs ({@link RunWorkers}), so that a crashed or hung FMU costs
 * one run, not the executor. The executors read the campaign file themselves (the path is
 * what travels), so every executor derives the same runs from the seed and the index.
 */
final class SparkSweep {

    private SparkSweep() {
    }

    /** The runs' results, sorted by run index. */
    static List<RunResult> run(SparkSession spark, Campaign campaign) {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<Integer> indices = IntStream.range(0, campaign.runs()).boxed().toList();
        String sweep = UUID.randomUUID().toString();
        // On a cluster the executors get the campaign's files from the driver (SparkContext.addFile),
        // not by their paths: they need not share the driver's file system.
        String bundle = null;
        Path bundleDirectory = null;
        List<RunResult> results;
        try {
            if (!context.isLocal()) {
                bundleDirectory = Files.createTempDirectory("bt-fmu-campaign-");
                Path zip = bundleDirectory.resolve("campaign-" + sweep + ".zip");
                CampaignBundle.write(campaign, zip);
                context.addFile(zip.toString());
                bundle = zip.getFileName().toString();
            }
            results = new ArrayList<>(context.parallelize(indices, Math.max(1, indices.size()))
                    .map(new RunTask(sweep, campaign.file().toAbsolutePath().toString(), bundle))
                    .collect());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bundle the campaign's files: " + e.getMessage(), e);
        } finally {
            if (bundleDirectory != null) {
                WorkerProcess.delete(bundleDirectory);
            }
            RunWorkers.close(sweep); // the workers of local[N] executors, in this JVM
            RunTask.CAMPAIGNS.remove(sweep);
        }
        results.sort(Comparator.comparingInt(RunResult::index));
        return results;
    }

    /** An executor's side of the job: one run by index, in a run worker. */
    static final class RunTask implements Function<Integer, RunResult> {

        private static final long serialVersionUID = 1L;
        /** Per executor JVM and sweep: the campaign read once. */
        private static final Map<String, Campaign> CAMPAIGNS = new ConcurrentHashMap<>();

        private final String sweep;
        private final String file;
        /** The name of the shipped bundle of the campaign's files (SparkFiles), or null: read by path. */
        private final String bundle;

        RunTask(String sweep, String file, String bundle) {
            this.sweep = sweep;
            this.file = file;
            this.bundle = bundle;
        }

        @Override
        public RunResult call(Integer index) {
            Campaign campaign = CAMPAIGNS.computeIfAbsent(sweep, s -> Campaign.read(bundle == null ? Path.of(file)
                    // unpacked beside the shipped files, which Spark deletes with the executor
                    : CampaignBundle.unpack(Path.of(SparkFiles.get(bundle)),
                            Path.of(SparkFiles.getRootDirectory(), "bt-fmu-" + sweep), Path.of(file))));
            return RunWorkers.run(sweep, campaign, campaign.run(index));
        }
    }

    /**
     * Writes {@code runs.parquet} (one row per run, sorted by run: the same bytes for the same
     * campaign, whatever the parallelism) and {@code wall-times.csv} (run, wall seconds: the one
     * column that differs between two runs of a campaign, so kept out of the table) into {@code output}.
     */
    static void write(SparkSession spark, Campaign campaign, List<RunResult> results, Path output) {
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("run", DataTypes.IntegerType, false));
        fields.add(DataTypes.createStructField("status", DataTypes.StringType, false));
        fields.add(DataTypes.createStructField("message", DataTypes.StringType, true));
        fields.add(DataTypes.createStructField("miss", DataTypes.DoubleType, false));
        campaign.quantities().forEach(q -> fields.add(DataTypes.createStructField(q, DataTypes.DoubleType, false)));
        campaign.keptColumns().forEach(k -> fields.add(DataTypes.createStructField(k, DataTypes.DoubleType, false)));
        int expectations = results.isEmpty() ? 0 : results.get(0).passed().length;
        for (int i = 0; i < expectations; i++) {
            fields.add(DataTypes.createStructField("expect " + i + " passed", DataTypes.BooleanType, false));
            fields.add(DataTypes.createStructField("expect " + i + " miss", DataTypes.DoubleType, false));
        }
        List<Row> rows = new ArrayList<>();
        StringBuilder times = new StringBuilder("run,wall_seconds\n");
        for (RunResult r : results) {
            List<Object> row = new ArrayList<>(List.of(r.index(), r.status()));
            row.add(r.message());
            row.add(r.miss());
            for (double v : r.values()) {
                row.add(v);
            }
            for (double v : r.kept()) {
                row.add(v);
            }
            for (int i = 0; i < expectations; i++) {
                row.add(r.passed()[i]);
                row.add(r.misses()[i]);
            }
            rows.add(RowFactory.create(row.toArray()));
            times.append(r.index()).append(',').append(r.wallSeconds()).append('\n');
        }
        writeOne(spark.createDataFrame(rows, new StructType(fields.toArray(StructField[]::new))),
                output.resolve("runs.parquet"));
        try {
            Files.writeString(output.resolve("wall-times.csv"), times);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One Parquet file, sorted by run, named {@code target} (Spark writes a folder of parts; one is kept). */
    private static void writeOne(Dataset<Row> table, Path target) {
        Path parts = target.resolveSibling(target.getFileName() + ".parts");
        table.coalesce(1).sortWithinPartitions("run").write().mode("overwrite").parquet(parts.toString());
        try (Stream<Path> files = Files.list(parts)) {
            Path part = files.filter(p -> p.getFileName().toString().startsWith("part-")
                    && p.getFileName().toString().endsWith(".parquet")).findFirst()
                    .orElseThrow(() -> new IOException("Spark wrote no part file into " + parts));
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
            CanonicalParquet.rewrite(target);
            try (Stream<Path> rest = Files.list(parts)) {
                for (Path p : rest.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(parts);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
