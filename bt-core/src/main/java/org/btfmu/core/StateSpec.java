package org.btfmu.core;

import java.util.List;
import java.util.Objects;

/** One state of a StateMachine task: hooks and outputs like an action's, optionally final. */
public record StateSpec(String name, List<Assignment> entry, List<Assignment> exit,
        List<Assignment> outputs, FinalKind finalKind) {

    public StateSpec {
        Objects.requireNonNull(name, "name");
        entry = List.copyOf(entry == null ? List.of() : entry);
        exit = List.copyOf(exit == null ? List.of() : exit);
        outputs = List.copyOf(outputs == null ? List.of() : outputs);
        finalKind = finalKind == null ? FinalKind.NONE : finalKind;
    }

    public static StateSpec of(String name) {
        return new StateSpec(name, List.of(), List.of(), List.of(), FinalKind.NONE);
    }
}
