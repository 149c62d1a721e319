package org.btfmu.fmu;

import org.btfmu.core.NonFinite;
import org.btfmu.fmu.ModelVariables.Entry;

/**
 * What fmi2SetReal does with NaN or ±Inf given for an input or a parameter: the mission's
 * {@code nonFinite} option (docs/safeguards.md "Safeguards"). {@code error} refuses the call, naming the
 * variable; {@code warn} sets the value and warns once per variable and instance (a master
 * sets inputs at every step); {@code allow} sets it silently.
 */
final class NonFiniteValues {

    private final NonFinite policy;
    /** Per value reference: warned already (policy warn). */
    private final boolean[] warned;

    NonFiniteValues(NonFinite policy, int variables) {
        this.policy = policy;
        this.warned = new boolean[variables];
    }

    /**
     * Null if the value may be set (after logging the warning under {@code warn}), else why
     * not: the whole call is then refused. {@code index} is the value's place in the array.
     */
    String refusal(Entry variable, long index, double value, ImporterLog log, String function) {
        if (Double.isFinite(value) || policy == NonFinite.ALLOW) {
            return null;
        }
        String what = "value[" + index + "] = " + value + " for " + variable.causality().name().toLowerCase(java.util.Locale.ROOT)
                + " '" + variable.name() + "' is not a finite number (the mission's nonFinite is \""
                + policy.jsonName() + "\"";
        if (policy == NonFinite.ERROR) {
            return what + "); nothing was set";
        }
        if (!warned[variable.valueReference()]) {
            warned[variable.valueReference()] = true;
            log.log(ImporterLog.WARNING, LogCategory.STATUS_WARNING, function + ": " + what + ": set all the same)");
        }
        return null;
    }
}
