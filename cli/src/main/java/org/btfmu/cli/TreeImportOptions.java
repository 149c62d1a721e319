package org.btfmu.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.btcpp.ImportOptions;
import picocli.CommandLine.Option;

/** The options of importing a BehaviorTree.CPP tree, shared by {@code import} and {@code build} (a picocli mixin). */
final class TreeImportOptions {

    @Option(names = "--tree", paramLabel = "ID",
            description = "the <BehaviorTree> to import (default: the bindings' \"mainTree\", main_tree_to_execute,"
                    + " the only tree, MainTree, or the only tree no other uses as a SubTree)")
    String treeId;

    @Option(names = "--strict",
            description = "refuse leaves no model, manifest or bindings declare (default: infer them, with a warning)")
    boolean strict;

    @Option(names = "--nodes", paramLabel = "FILE.xml",
            description = "read <TreeNodesModel>s from this file too (Nav2's nav2_tree_nodes.xml, a Groot2"
                    + " project); repeatable")
    List<Path> nodes = new ArrayList<>();

    @Option(names = "--library", paramLabel = "NAME",
            description = "apply a shipped bindings library under the bindings: nav2 (Nav2's controls and"
                    + " decorators); repeatable")
    List<String> libraries = new ArrayList<>();

    ImportOptions options() {
        return new ImportOptions(treeId, strict, nodes, libraries);
    }

    /** The options given, as written on the command line, for an error about a mission that is no tree. */
    List<String> given() {
        List<String> out = new ArrayList<>();
        if (treeId != null) {
            out.add("--tree");
        }
        if (strict) {
            out.add("--strict");
        }
        if (!nodes.isEmpty()) {
            out.add("--nodes");
        }
        if (!libraries.isEmpty()) {
            out.add("--library");
        }
        return out;
    }
}
