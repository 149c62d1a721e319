package org.btfmu.btcpp;

import java.nio.file.Path;
import java.util.List;

/**
 * How to import a tree beyond the file and its bindings: the tree to take ({@code --tree}),
 * whether undeclared leaves are refused instead of inferred ({@code --strict}), separate node
 * manifests ({@code --nodes}) and shipped binding libraries ({@code --library nav2}).
 */
public record ImportOptions(String tree, boolean strict, List<Path> nodes, List<String> libraries) {

    public ImportOptions {
        nodes = List.copyOf(nodes);
        libraries = List.copyOf(libraries);
    }

    public static ImportOptions defaults() {
        return new ImportOptions(null, false, List.of(), List.of());
    }
}
