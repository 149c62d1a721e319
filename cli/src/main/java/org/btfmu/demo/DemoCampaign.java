package org.btfmu.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.cli.SweepProcess;

/**
 * The demo's campaign: the solar day (its scenario.ssp, written by the demo just before) flown
 * over 3 initial charges and 3 solar peak powers (the panel area: the plant's peak power is
 * proportional to it), at a coarse step so that the 9 runs stay quick: for which combinations
 * does the aircraft still reach 13,000 m, and survive the night with charge left?
 */
public final class DemoCampaign {

    /** The campaign file, beside the solar day's folder. */
    static final String CAMPAIGN = """
            {
              "description": "The solar day over initial charge and panel area (solar peak power)",
              "coupling": "../solar-day/scenario.ssp",
              "stop": 86400, "step": 60,
              "seed": 1,
              "timeout": 300,
              "parameters": {
                "plant.soc0": {"values": [0.3, 0.5, 0.7]},
                "plant.solar_peak_power": {"range": [5000, 15000], "count": 3}
              },
              "expect": [
                {"variable": "plant.altitude", "before": 86400, "min": 12990},
                {"variable": "plant.soc", "min": 0.02}
              ],
              "keep": [
                {"variable": "plant.altitude", "stats": ["max"]},
                {"variable": "plant.soc", "stats": ["min", "final"]}
              ]
            }
            """;

    private DemoCampaign() {
    }

    /**
     * Writes {@code <output>/solar-day-campaign/campaign.json} and sweeps it (in a JVM of its own,
     * with Spark); returns a line for the demo's output, or why it could not run.
     */
    public static String run(Path output, PrintWriter out, PrintWriter err) throws IOException {
        Path dir = output.resolve("solar-day-campaign");
        Files.createDirectories(dir);
        Path campaign = dir.resolve("campaign.json");
        Files.writeString(campaign, CAMPAIGN);
        long started = System.nanoTime();
        int code = SweepProcess.run(List.of(campaign.toString(), "-o", dir.toString()), out, err);
        double seconds = (System.nanoTime() - started) / 1e9;
        if (code != 0 && code != 2 || !Files.isRegularFile(dir.resolve("summary.html"))) {
            return String.format(java.util.Locale.ROOT, "%-24s did not run (exit %d): see the messages above",
                    "solar-day-campaign", code);
        }
        return String.format(java.util.Locale.ROOT, "%-24s the solar day over initial charge x panel area, 9 runs"
                + " on Spark%n  in %.1f s: %s/ (campaign.json, runs.parquet, summary.html)", "solar-day-campaign",
                seconds, dir);
    }
}
