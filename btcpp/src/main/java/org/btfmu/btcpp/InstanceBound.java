package org.btfmu.btcpp;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Bounds how many node instances the main tree expands to once every SubTree is instantiated
 * (one definition, many instances): a file of 2 KB can nest 8 levels of 10 references each,
 * 10^8 instances, which would take minutes and gigabytes to build. Counted on the definitions
 * (each tree's size once, memoised), so the count itself is linear in the files.
 */
final class InstanceBound {

    /** Most node instances a mission may expand to. */
    static final long MAX_INSTANCES = 100_000;

    private final Map<String, XmlElement> trees;
    private final Map<String, Long> sizes = new HashMap<>();

    InstanceBound(Map<String, XmlElement> trees) {
        this.trees = trees;
    }

    /** Throws a located error when {@code mainId} expands to more than {@link #MAX_INSTANCES}. */
    void check(String mainId) {
        long n = size(mainId);
        if (n > MAX_INSTANCES) {
            throw BtcppException.at(trees.get(mainId), "the tree '" + mainId + "' expands to more than "
                    + MAX_INSTANCES + " node instances (with its SubTrees instantiated), the most accepted");
        }
    }

    /** Instances in one instance of tree {@code id}, saturating; cycles were refused before. */
    private long size(String id) {
        Long known = sizes.get(id);
        if (known != null) {
            return known;
        }
        sizes.put(id, 0L); // a cycle (reported elsewhere) counts nothing more
        long n = 0;
        ArrayDeque<XmlElement> todo = new ArrayDeque<>(trees.get(id).children());
        while (!todo.isEmpty() && n <= MAX_INSTANCES) {
            XmlElement e = todo.pop();
            String ref = TreeChoice.reference(e, trees);
            if (ref != null && trees.containsKey(ref)) {
                n = saturatedAdd(n, 1 + size(ref));
            } else {
                n++;
                todo.addAll(e.children());
            }
        }
        sizes.put(id, n);
        return n;
    }

    private static long saturatedAdd(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }
}
