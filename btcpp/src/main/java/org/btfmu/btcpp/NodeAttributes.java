package org.btfmu.btcpp;

import java.util.List;
import java.util.Set;

/**
 * The attributes of a BT.CPP node element that are not its ports: name and ID, Groot's
 * bookkeeping, the remapping flags, and the pre- and post-condition scripts.
 */
final class NodeAttributes {

    /**
     * In wrapping order, outside in. A SKIPPED node runs no post-condition, while a result that
     * _failureIf/_successIf decides runs them (BT.CPP's executeTick runs the post-conditions on
     * every SUCCESS or FAILURE): the skipping wrappers go outside the post-conditions, the
     * deciding ones inside. _onHalted is innermost, so a halt by _while or by a post-condition's
     * parent runs it.
     */
    static final List<String> PRECONDITIONS = List.of("_skipIf", "_while");
    static final List<String> POSTCONDITIONS = List.of("_onSuccess", "_onFailure", "_post", "_failureIf",
            "_successIf", "_onHalted");
    static final Set<String> IGNORED = Set.of("name", "ID", "_uid", "_fullpath", "_autoremap",
            "__autoremap", "__shared_blackboard");

    private NodeAttributes() {
    }

    /** A pre- or post-condition script ({@code _skipIf}, {@code _onSuccess}, ...). */
    static boolean isCondition(String attribute) {
        return PRECONDITIONS.contains(attribute) || POSTCONDITIONS.contains(attribute);
    }

    /** Whether the attribute can be a port: neither ignored nor a condition script. */
    static boolean isPort(String attribute) {
        return !IGNORED.contains(attribute) && !isCondition(attribute);
    }
}
