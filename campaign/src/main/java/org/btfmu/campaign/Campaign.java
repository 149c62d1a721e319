package org.btfmu.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.btfmu.cosim.Experiment;
import org.btfmu.scenario.Scenario;
import org.btfmu.scenario.ScenarioException;

/**
 * A verification campaign, a JSON file (docs/campaigns.md):
 * <pre>
 * {
 *   "coupling": "solar-day/scenario.ssp",          an .ssp, or a scenario .json (FMUs, wiring, expect)
 *   "stop": 86400, "step": 600,                     optional, replace the coupling's times
 *   "seed": 7, "samples": 1, "timeout": 120,
 *   "parameters": {"plant.soc0": {"values": [0.3, 0.6]}, "plant.solar_peak_power": {"uniform": [2e4, 3e4]}},
 *   "faults": [{"input": "plant.mode", "value": 2, "from": {"range": [3600, 7200], "count": 2}}],
 *   "expect": [...],                                 with an .ssp coupling (a scenario brings its own)
 *   "keep": [{"variable": "plant.altitude"}, {"task": "mission/climb", "status": "SUCCESS"}]
 * }
 * </pre>
 * The runs: every combination of the grid values (first quantity slowest), each
 * {@code samples} times with the drawn quantities drawn anew. A run's values depend on
 * the seed and the run's index only, so the campaign gives the same runs whatever runs
 * them, in whatever order.
 */
public final class Campaign {

    private static final Set<String> KEYS = Set.of("description", "coupling", "fmus", "start", "stop", "step",
            "seed", "samples", "timeout", "parameters", "faults", "expect", "keep");

    private final Path file;
    private final Scenario scenario;
    private final long seed;
    private final int samples;
    private final double timeout;
    private final Map<String, Spread> quantities;
    private final List<String> parameters;
    private final List<Fault> faults;
    private final List<Keep> keeps;

    private Campaign(Path file, Scenario scenario, long seed, int samples, double timeout,
            Map<String, Spread> quantities, List<String> parameters, List<Fault> faults, List<Keep> keeps) {
        this.file = file;
        this.scenario = scenario;
        this.seed = seed;
        this.samples = samples;
        this.timeout = timeout;
        this.quantities = quantities;
        this.parameters = parameters;
        this.faults = faults;
        this.keeps = keeps;
    }

    /** Reads a campaign; a mistake is a {@link CampaignException} (or the scenario's) naming file and pointer. */
    public static Campaign read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new CampaignException(file + ":[" + e.getLocation().getLineNr() + ","
                    + e.getLocation().getColumnNr() + "] not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new CampaignException(file + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new CampaignException(file + ": a campaign is a JSON object with \"coupling\", \"parameters\""
                    + " and \"keep\" (docs/campaigns.md)");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw new CampaignException(file + ": /" + key + ": unknown key (expected one of "
                        + String.join(", ", KEYS.stream().sorted().toList()) + ")");
            }
        }
        Scenario scenario = coupling(file, root);
        long seed = root.has("seed") ? integer(file, root, "seed", Long.MIN_VALUE) : 0;
        int samples = root.has("samples") ? (int) integer(file, root, "samples", 1) : 1;
        double timeout = root.has("timeout") ? positive(file, root, "timeout") : 600;

        Map<String, Spread> quantities = new LinkedHashMap<>();
        List<String> parameters = new ArrayList<>();
        JsonNode params = root.path("parameters");
        if (!params.isMissingNode() && !params.isObject()) {
            throw new CampaignException(file + ": /parameters: expected an object {\"<fmu>.<variable>\": spread}");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            quantities.put(entry.getKey(), Spread.read(file + ": /parameters/" + pointer(entry.getKey()),
                    entry.getValue()));
            parameters.add(entry.getKey());
        }
        List<Fault> faults = new ArrayList<>();
        JsonNode faultList = root.path("faults");
        if (!faultList.isMissingNode() && !faultList.isArray()) {
            throw new CampaignException(file + ": /faults: expected an array of {\"input\", \"value\", \"from\"}");
        }
        for (int i = 0; i < faultList.size(); i++) {
            String where = file + ": /faults/" + i;
            JsonNode f = faultList.get(i);
            if (!f.isObject() || !f.path("input").isTextual() || !f.path("value").isNumber() || !f.has("from")) {
                throw new CampaignException(where + ": expected {\"input\": \"<fmu>.<input>\", \"value\": <number>,"
                        + " \"from\": <time or spread>}");
            }
            String name = f.get("input").asText() + " fault at";
            while (quantities.containsKey(name)) {
                name = name + "'";
            }
            quantities.put(name, Spread.read(where + "/from", f.get("from")));
            faults.add(new Fault(f.get("input").asText(), f.get("value").asDouble(), name, where));
        }
        List<Keep> keeps = keeps(file, root.path("keep"));
        return new Campaign(file, scenario, seed, samples, timeout, quantities, parameters, faults, keeps);
    }

    private static Scenario coupling(Path file, JsonNode root) {
        JsonNode coupling = root.get("coupling");
        if (coupling == null || !coupling.isTextual()
                || !(coupling.asText().endsWith(".ssp") || coupling.asText().endsWith(".json"))) {
            throw new CampaignException(file + ": /coupling: expected the path of an .ssp file or of a scenario"
                    + " .json (FMUs, connections, expectations), relative to the campaign");
        }
        Path target = file.toAbsolutePath().resolveSibling(coupling.asText()).normalize();
        if (!Files.isRegularFile(target)) {
            throw new CampaignException(file + ": /coupling: no such file " + target);
        }
        Experiment times = new Experiment(number(file, root, "start"), number(file, root, "stop"),
                number(file, root, "step"));
        String name = file.getFileName().toString().replaceFirst("\\.json$", "");
        if (coupling.asText().endsWith(".ssp")) {
            Map<String, Path> fmus = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = root.path("fmus").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> entry = it.next();
                Path fmu = file.toAbsolutePath().resolveSibling(entry.getValue().asText());
                if (!entry.getValue().isTextual() || !Files.isRegularFile(fmu)) {
                    throw new CampaignException(file + ": /fmus/" + entry.getKey() + ": no such FMU " + fmu);
                }
                fmus.put(entry.getKey(), fmu);
            }
            return new Scenario(file, name, target, fmus, times, root.path("expect"));
        }
        for (String key : List.of("fmus", "expect")) {
            if (root.has(key)) {
                throw new CampaignException(file + ": /" + key + ": the scenario " + coupling.asText()
                        + " brings the " + key + "; give them there (or couple an .ssp)");
            }
        }
        Scenario scenario;
        try {
            scenario = Scenario.read(target, target.getParent(), Map.of());
        } catch (ScenarioException e) {
            throw new CampaignException(org.btfmu.scenario.JsonLocations.locate(target, e.getMessage()));
        }
        return new Scenario(scenario.file(), scenario.name(), scenario.ssp(), scenario.fmus(),
                times.or(scenario.experiment()), scenario.expectations());
    }

    private static List<Keep> keeps(Path file, JsonNode list) {
        List<Keep> keeps = new ArrayList<>();
        if (list.isMissingNode()) {
            return keeps;
        }
        if (!list.isArray()) {
            throw new CampaignException(file + ": /keep: expected an array of {\"variable\": ...} or"
                    + " {\"task\": ..., \"status\": ...}");
        }
        for (int i = 0; i < list.size(); i++) {
            String where = file + ": /keep/" + i;
            JsonNode k = list.get(i);
            if (k.path("variable").isTextual() && !k.has("task") && !k.has("status")) {
                List<String> stats = new ArrayList<>();
                JsonNode given = k.path("stats");
                if (given.isMissingNode()) {
                    stats.addAll(Keep.STATS);
                } else if (given.isArray() && !given.isEmpty()) {
                    for (int j = 0; j < given.size(); j++) {
                        if (!Keep.STATS.contains(given.get(j).asText())) {
                            throw new CampaignException(where + "/stats/" + j + ": expected one of "
                                    + String.join(", ", Keep.STATS));
                        }
                        stats.add(given.get(j).asText());
                    }
                } else {
                    throw new CampaignException(where + "/stats: expected an array of final, min, max");
                }
                keeps.add(new Keep(k.get("variable").asText(), stats, null, null, where));
            } else if (k.path("task").isTextual() && k.path("status").isTextual() && !k.has("variable")) {
                keeps.add(new Keep(null, List.of(), k.get("task").asText(), k.get("status").asText(), where));
            } else {
                throw new CampaignException(where + ": expected {\"variable\": \"<fmu>.<variable>\"} or"
                        + " {\"task\": \"<fmu>/<task>\", \"status\": \"SUCCESS\"}");
            }
        }
        return keeps;
    }

    /** The JSON pointer token of a key (RFC 6901). */
    static String pointer(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    private static double number(Path file, JsonNode root, String key) {
        JsonNode value = root.get(key);
        if (value == null) {
            return Double.NaN;
        }
        if (!value.isNumber() || !Double.isFinite(value.asDouble())) {
            throw new CampaignException(file + ": /" + key + ": expected a number of seconds");
        }
        return value.asDouble();
    }

    private static double positive(Path file, JsonNode root, String key) {
        double value = number(file, root, key);
        if (!(value > 0)) {
            throw new CampaignException(file + ": /" + key + ": expected a number of seconds above 0");
        }
        return value;
    }

    private static long integer(Path file, JsonNode root, String key, long min) {
        JsonNode value = root.get(key);
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < min) {
            throw new CampaignException(file + ": /" + key + ": expected a whole number"
                    + (min > Long.MIN_VALUE ? " of at least " + min : ""));
        }
        return value.asLong();
    }

    public Path file() {
        return file;
    }

    public Scenario scenario() {
        return scenario;
    }

    public double timeoutSeconds() {
        return timeout;
    }

    /** The varied quantities: the parameters, then the times of the faults. */
    public List<String> quantities() {
        return List.copyOf(quantities.keySet());
    }

    List<String> parameters() {
        return parameters;
    }

    List<Fault> faults() {
        return faults;
    }

    List<Keep> keeps() {
        return keeps;
    }

    /** The kept columns, in order. */
    public List<String> keptColumns() {
        return keeps.stream().flatMap(k -> k.columns().stream()).toList();
    }

    /** The number of runs: the grid's combinations times {@code samples}. */
    public int runs() {
        long n = samples;
        for (Spread spread : quantities.values()) {
            n *= spread.gridSize();
        }
        if (n > Integer.MAX_VALUE) {
            throw new CampaignException(file + ": /parameters: " + n + " runs is too many");
        }
        return (int) n;
    }

    /** The values of run {@code index} (0-based): from the seed and the index alone. */
    public RunSpec run(int index) {
        if (index < 0 || index >= runs()) {
            throw new CampaignException(file + ": the campaign has runs 0 to " + (runs() - 1) + "; no run " + index);
        }
        int gridPoint = index / samples;
        int sample = index % samples;
        List<Spread> spreads = List.copyOf(quantities.values());
        int[] gridIndex = new int[spreads.size()];
        int rest = gridPoint;
        for (int d = spreads.size() - 1; d >= 0; d--) {
            gridIndex[d] = rest % spreads.get(d).gridSize();
            rest /= spreads.get(d).gridSize();
        }
        double[] values = new double[spreads.size()];
        for (int d = 0; d < spreads.size(); d++) {
            SplittableRandom random = new SplittableRandom(mix(seed, index, d));
            int stratum = spreads.get(d) instanceof Spread.Latin ? strata(gridPoint, d)[sample] : 0;
            values[d] = spreads.get(d).value(gridIndex[d], random, stratum, samples);
        }
        return new RunSpec(index, quantities(), values);
    }

    /** The Latin hypercube's strata for one quantity at one grid point: a permutation of the samples. */
    private int[] strata(int gridPoint, int quantity) {
        int[] order = new int[samples];
        for (int i = 0; i < samples; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(mix(seed ^ 0x4c4843L, gridPoint, quantity));
        for (int i = samples - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /** A seed for one (run, quantity) from the campaign's seed: SplitMix64's finalizer over each part. */
    static long mix(long seed, long a, long b) {
        long h = seed;
        for (long part : new long[] {a, b}) {
            h = scramble(h + 0x9E3779B97F4A7C15L * (part + 1));
        }
        return h;
    }

    private static long scramble(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
