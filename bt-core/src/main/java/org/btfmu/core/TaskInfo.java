package org.btfmu.core;

/**
 * A task as the outside sees it: its index (depth-first order, root = 0), its path (names
 * from the root joined by "/"), name, type name and the parent's index (-1 for the root).
 */
public record TaskInfo(int index, String path, String name, String typeName, int parentIndex) {
}
