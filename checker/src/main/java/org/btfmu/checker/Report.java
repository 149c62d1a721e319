package org.btfmu.checker;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code bt-fmu check} found in one FMU: the findings in order (model description,
 * calling sequence, dependencies) and, per mode, which knowns were seen to change which
 * unknowns at once, and which declared dependencies never showed.
 */
public record Report(String fmu, List<Finding> findings, Map<String, Map<String, Set<String>>> observed,
        Map<String, Map<String, Set<String>>> unobserved) {

    /** Mode names used as keys of {@link #observed()}. */
    public static final String INITIALIZATION_MODE = DependencyProbe.INITIALIZATION;
    public static final String STEP_MODE = DependencyProbe.STEP;
    /** The Model Exchange dependency check's key (its findings say "Model Exchange, Continuous-Time Mode"). */
    public static final String CONTINUOUS_TIME_MODE = ModelExchangeProbe.CONTINUOUS_TIME;

    public boolean hasErrors() {
        return findings.stream().anyMatch(Finding::isError);
    }

    public List<Finding> errors() {
        return findings.stream().filter(Finding::isError).toList();
    }

    public List<Finding> notes() {
        return findings.stream().filter(f -> !f.isError()).toList();
    }

    /** Unknown name → the knowns seen to change it without a step, in the mode; empty if not probed. */
    public Map<String, Set<String>> observed(String mode) {
        return observed.getOrDefault(mode, Map.of());
    }

    /** Unknown name → the knowns its declaration lists but that never changed it, in the mode. */
    public Map<String, Set<String>> unobserved(String mode) {
        return unobserved.getOrDefault(mode, Map.of());
    }

    /** "N errors, M notes". */
    public String summary() {
        long errors = errors().size();
        long notes = findings.size() - errors;
        return errors + (errors == 1 ? " error, " : " errors, ") + notes + (notes == 1 ? " note" : " notes");
    }
}
