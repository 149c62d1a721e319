package org.btfmu.cosim;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Recorded inputs played back into one FMU (the "direct inputs" configuration of
 * the 2014 paper, Table 1). The CSV has a first column {@code time} (non-decreasing)
 * and columns named like an input of the FMU, either plainly or as
 * {@code <instance>.<input>} as a co-simulation records them; other columns are
 * ignored. At a communication point t every replayed input takes the value of the
 * last row with time &lt;= t (the first row before it): a master recording at its
 * communication points and replaying at the same points reproduces them exactly.
 */
public final class InputReplay {

    private final List<FmuVariable> inputs = new ArrayList<>();
    private final double[] times;
    private final Object[][] rows; // rows[row][input]
    private final FmuInstance fmu;
    private int row;

    private InputReplay(FmuInstance fmu, List<FmuVariable> inputs, double[] times, Object[][] rows) {
        this.fmu = fmu;
        this.inputs.addAll(inputs);
        this.times = times;
        this.rows = rows;
    }

    public static InputReplay read(Path csv, FmuInstance fmu) {
        List<String> lines;
        try (BufferedReader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            lines = reader.lines().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new CoSimulationException(csv + ": cannot read: " + e.getMessage(), e);
        }
        if (lines.isEmpty()) {
            throw new CoSimulationException(csv + ": empty file (expected a header time,<input>,...)");
        }
        List<String> header = fields(lines.get(0), csv, 1);
        if (header.isEmpty() || !header.get(0).equals("time")) {
            throw new CoSimulationException(csv + ": line 1: the first column must be 'time'");
        }
        List<FmuVariable> inputs = new ArrayList<>();
        List<Integer> columns = new ArrayList<>();
        for (int c = 1; c < header.size(); c++) {
            FmuVariable input = inputNamed(fmu, header.get(c));
            if (input != null) {
                if (inputs.contains(input)) {
                    throw new CoSimulationException(csv + ": line 1: input '" + input.name() + "' appears in two columns");
                }
                inputs.add(input);
                columns.add(c);
            }
        }
        if (inputs.isEmpty()) {
            throw new CoSimulationException(csv + ": no column names an input of FMU '" + fmu.name() + "' (its inputs: "
                    + fmu.namesOf(FmuVariable::isInput) + ")");
        }
        int n = lines.size() - 1;
        while (n > 0 && lines.get(n).isBlank()) {
            n--;
        }
        double[] times = new double[n];
        Object[][] rows = new Object[n][];
        for (int r = 0; r < n; r++) {
            int lineNumber = r + 2;
            List<String> fields = fields(lines.get(r + 1), csv, lineNumber);
            if (fields.size() != header.size()) {
                throw new CoSimulationException(csv + ": line " + lineNumber + ": " + fields.size() + " fields, the header has "
                        + header.size());
            }
            try {
                times[r] = Double.parseDouble(fields.get(0));
            } catch (NumberFormatException e) {
                throw new CoSimulationException(csv + ": line " + lineNumber + ": time '" + fields.get(0) + "' is not a number");
            }
            if (r > 0 && times[r] < times[r - 1]) {
                throw new CoSimulationException(csv + ": line " + lineNumber + ": time goes backwards");
            }
            rows[r] = new Object[inputs.size()];
            for (int i = 0; i < inputs.size(); i++) {
                String text = fields.get(columns.get(i));
                FmuVariable input = inputs.get(i);
                try {
                    rows[r][i] = input.type().parse(text);
                } catch (NumberFormatException e) {
                    throw new CoSimulationException(csv + ": line " + lineNumber + ", column '" + header.get(columns.get(i))
                            + "': '" + text + "' is not a valid " + input.typeName());
                }
            }
        }
        if (n == 0) {
            throw new CoSimulationException(csv + ": no rows after the header");
        }
        return new InputReplay(fmu, inputs, times, rows);
    }

    private static FmuVariable inputNamed(FmuInstance fmu, String column) {
        String name = column.startsWith(fmu.name() + ".") ? column.substring(fmu.name().length() + 1) : column;
        return fmu.variable(name).filter(FmuVariable::isInput)
                .or(() -> fmu.variable(column).filter(FmuVariable::isInput)).orElse(null);
    }

    /** Splits one CSV line; double quotes enclose fields with commas or quotes ("" inside is one quote). */
    static List<String> fields(String line, Path csv, int lineNumber) {
        List<String> result = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                result.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new CoSimulationException(csv + ": line " + lineNumber + ": unterminated quote");
        }
        result.add(field.toString());
        return result;
    }

    /** The FMU's inputs that this file drives, in column order. */
    public List<FmuVariable> inputs() {
        return List.copyOf(inputs);
    }

    public FmuInstance fmu() {
        return fmu;
    }

    /** Sets every replayed input to its value at communication point {@code time}. */
    public void apply(double time) {
        double tolerance = 1e-9 * Math.max(1.0, Math.abs(time));
        while (row + 1 < times.length && times[row + 1] <= time + tolerance) {
            row++;
        }
        for (int i = 0; i < inputs.size(); i++) {
            fmu.set(inputs.get(i), rows[row][i]);
        }
    }
}
