package org.btfmu.cli;

/** A small valid mission for command-line tests. */
final class Missions {
    private Missions() {
    }

    static final String VALID = """
            {
              "name": "climb",
              "description": "Climb until high enough.",
              "variables": [
                {"name": "altitude", "causality": "input", "type": "Real", "unit": "m"},
                {"name": "reached", "causality": "input", "type": "Boolean"},
                {"name": "mode", "causality": "output", "type": "Integer", "min": 0, "max": 3},
                {"name": "target", "causality": "output", "type": "Real", "unit": "m"},
                {"name": "limit", "causality": "parameter", "type": "Real", "start": 100, "unit": "m"},
                {"name": "tries", "causality": "local", "type": "Integer"}
              ],
              "subtrees": {
                "go": {"ports": {"goal": "Real"},
                       "tree": {"type": "Action", "entry": {"mode": "2"}, "outputs": {"target": "goal"},
                                "done": "altitude >= goal"}}
              },
              "tree": {"type": "Root", "name": "root", "children": [
                {"type": "Selector", "name": "climb", "children": [
                  {"type": "Condition", "name": "high", "predicate": "altitude > limit", "hysteresis": 5},
                  {"type": "Sequence", "name": "work", "children": [
                    {"type": "Action", "name": "take_off", "entry": {"mode": "1", "tries": "tries + 1"},
                     "exit": {"mode": "0"}, "done": "reached"},
                    {"type": "SubTree", "name": "up", "subtree": "go", "arguments": {"goal": "limit + 50"}}
                  ]}
                ]}
              ]}
            }
            """;
}
