package org.btfmu.btcpp;

/** The blackboard scope a node is in: the main tree ({@code subtree} null) or a sub-tree. */
record Scope(String subtree) {

    static final Scope MAIN = new Scope(null);
}
