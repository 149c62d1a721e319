package org.btfmu.campaign;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.ConnectionFile;
import org.btfmu.cosim.FmuInstance;
import org.btfmu.cosim.FmuVariable;
import org.btfmu.cosim.SampleListener;
import org.btfmu.cosim.VariableReference;
import org.btfmu.cosim.VariableType;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.scenario.Expectation;
import org.btfmu.scenario.ScenarioRun;

/**
 * One run's changes to the coupling: its parameter values, its faults (set on their inputs at
 * every communication point from their time on, after the exchange, so they hold for the step
 * that follows), and what it keeps of the variables and tasks the campaign names.
 */
final class RunVariation implements ScenarioRun.Variation, SampleListener {

    private final Campaign campaign;
    private final RunSpec run;
    private final List<VariableReference> watched = new ArrayList<>();
    private final List<VariableReference> faultInputs = new ArrayList<>();
    private final List<Object> faultValues = new ArrayList<>();
    private int[] columns;
    /** Per kept column: the value so far (final, min, max, or the time a status was first seen). */
    private double[] kept;

    RunVariation(Campaign campaign, RunSpec run) {
        this.campaign = campaign;
        this.run = run;
    }

    @Override
    public List<ConnectionFile.ParameterValue> parameters(List<FmuInstance> fmus) {
        List<ConnectionFile.ParameterValue> values = new ArrayList<>();
        for (String name : campaign.parameters()) {
            String where = campaign.file() + ": /parameters/" + Campaign.pointer(name);
            VariableReference target = VariableReference.resolve(name, fmus, where);
            values.add(ConnectionFile.ParameterValue.of(target, text(target.variable(), run.value(name)), where));
        }
        for (Fault fault : campaign.faults()) {
            String where = fault.where() + "/input";
            VariableReference target = VariableReference.resolve(fault.input(), fmus, where);
            if (!target.variable().isInput()) {
                throw new CoSimulationException(where + ": '" + fault.input() + "' is an "
                        + target.variable().causality() + "; a fault overrides an input");
            }
            faultInputs.add(target);
            faultValues.add(ConnectionFile.ParameterValue.of(target, text(target.variable(), fault.value()),
                    fault.where() + "/value").value());
        }
        return values;
    }

    @Override
    public List<VariableReference> watched(List<FmuInstance> fmus) {
        for (Keep keep : campaign.keeps()) {
            if (keep.task() != null) {
                try {
                    Status.valueOf(keep.status());
                } catch (IllegalArgumentException e) {
                    throw new CoSimulationException(keep.where() + "/status: '" + keep.status()
                            + "' is no task status (one of " + Arrays.toString(Status.values()) + ")");
                }
                watched.add(Expectation.statusOf(keep.where() + "/task", keep.task(), fmus));
            } else {
                VariableReference target = VariableReference.resolve(keep.variable(), fmus, keep.where() + "/variable");
                VariableType type = target.variable().type();
                if (type != VariableType.REAL && type != VariableType.INTEGER) {
                    throw new CoSimulationException(keep.where() + "/variable: '" + keep.variable() + "' is a "
                            + target.variable().typeName() + "; only numbers are kept");
                }
                watched.add(target);
            }
        }
        return watched;
    }

    @Override
    public SampleListener listener(List<VariableReference> recorded) {
        columns = watched.stream().mapToInt(recorded::indexOf).toArray();
        kept = new double[campaign.keptColumns().size()];
        int c = 0;
        for (Keep keep : campaign.keeps()) {
            for (String stat : keep.task() != null ? List.of("at") : keep.stats()) {
                kept[c++] = stat.equals("min") ? Double.POSITIVE_INFINITY
                        : stat.equals("max") ? Double.NEGATIVE_INFINITY : Double.NaN;
            }
        }
        return this;
    }

    @Override
    public void columns(List<String> names) {
    }

    @Override
    public void sample(double time, Object[] values) {
        int c = 0;
        List<Keep> keeps = campaign.keeps();
        for (int k = 0; k < keeps.size(); k++) {
            Keep keep = keeps.get(k);
            Object value = values[columns[k]];
            if (keep.task() != null) {
                if (Double.isNaN(kept[c])
                        && ((Integer) value) == ModelVariables.statusValue(Status.valueOf(keep.status()))) {
                    kept[c] = time;
                }
                c++;
                continue;
            }
            double x = ((Number) value).doubleValue();
            for (String stat : keep.stats()) {
                kept[c] = switch (stat) {
                    case "min" -> Math.min(kept[c], x);
                    case "max" -> Math.max(kept[c], x);
                    default -> x;
                };
                c++;
            }
        }
        for (int f = 0; f < faultInputs.size(); f++) {
            double from = run.value(campaign.faults().get(f).timeName());
            if (time >= from - 1e-9 * Math.max(1, Math.abs(from))) {
                VariableReference input = faultInputs.get(f);
                input.fmu().set(input.variable(), faultValues.get(f));
            }
        }
    }

    /** The kept values, in {@link Campaign#keptColumns()} order (NaN: a status never seen). */
    double[] kept() {
        return kept == null ? new double[campaign.keptColumns().size()] : kept.clone();
    }

    /** A number as the text a value of the variable's type is parsed from. */
    private static String text(FmuVariable variable, double value) {
        return switch (variable.type()) {
            case INTEGER -> Long.toString(Math.round(value));
            case BOOLEAN -> Boolean.toString(value != 0);
            default -> Double.toString(value);
        };
    }
}
