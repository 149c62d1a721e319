/**
 * BehaviorTree.CPP / Groot2 interoperability: {@link org.btfmu.btcpp.TreeImporter} turns a
 * BT.CPP XML file into a mission, {@link org.btfmu.btcpp.TreeExporter} writes a mission as
 * BT.CPP format-4 XML, {@link org.btfmu.btcpp.SameTree} says when two missions are the same
 * tree. The node table is {@link org.btfmu.btcpp.StandardNode}; docs/btcpp.md's section
 * "BehaviorTree.CPP and Groot2" is its user documentation.
 *
 * <p>Decisions where BT.CPP and this engine differ, also written into every imported
 * mission:
 * <ul>
 * <li>BT.CPP's non-reactive {@code Sequence}/{@code Fallback} remember the children they
 * passed; the engine's {@code Sequence}/{@code Selector} re-check all of them (2013/2014
 * papers), which is BT.CPP's {@code ReactiveSequence}/{@code ReactiveFallback}. The import
 * maps the non-reactive ones to {@code MemorySequence}/{@code MemorySelector}.</li>
 * <li>Custom leaves are sub-trees named by the node ID whose ports are the node's ports, so
 * every instance passes its own port values; their bodies come from the bindings or the
 * default handshake ({@code X.request}/{@code X.ack}/{@code X.result} with BT.CPP's
 * NodeStatus codes 1, 2, 3; {@code X.value}). Such names are FMI structured names, valid
 * mission variable names as they are; a node ID that is not an identifier is an error.</li>
 * <li>A blackboard key is one variable per scope: the main tree's keys and {@code @key} are
 * mission variables of that name, a sub-tree's key that is not remapped is
 * {@code <Tree>.<key>} (shared by its instances, where BT.CPP gives each instance its own).
 * Types come from the bindings, port types, script literals and comparisons, else Real.</li>
 * <li>SKIPPED does not exist: {@code _skipIf}/{@code _while} and {@code RunOnce then_skip}
 * report SUCCESS.</li>
 * <li>A halt is a deactivation: {@code _onHalted} becomes an {@code OnHalted} task, the innermost
 * wrapper, which runs the script when deactivated while its child is still running.</li>
 * </ul>
 * XML is read with the JDK's StAX (line and column of every element, no extra dependency);
 * DTDs and entities are refused.
 */
package org.btfmu.btcpp;
