package org.btfmu.btcpp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The XML files of one BT.CPP tree: the main file and its {@code <include>}s (relative to the
 * including file, never outside the main file's directory, no cycles), their
 * {@code <BehaviorTree>}s by ID, the {@code <TreeNodesModel>} entries and the {@code <BtFmu>}
 * data an export embeds. Every problem is located.
 */
final class TreeFiles {

    private static final Set<String> CATEGORIES = Set.of("Action", "Condition", "Decorator", "Control");

    /** A node type of the TreeNodesModel: category and ports in order. */
    record NodeModel(String category, List<PortModel> ports, XmlElement element) {
    }

    record PortModel(String name, String direction, String type, String defaultValue, XmlElement element) {
    }

    final Map<String, XmlElement> trees = new LinkedHashMap<>();
    final Map<String, NodeModel> models = new LinkedHashMap<>();
    /** The {@code <BtFmu>} bindings of a bt-fmu export, or null. */
    Bindings embedded;
    /** "4", or "3" for a file with main_tree_to_execute and no BTCPP_format. */
    String format = "4";
    private final Path mainFile;
    private final XmlElement root;
    private final List<String> problems = new ArrayList<>();

    private TreeFiles(Path mainFile) {
        this.mainFile = mainFile;
        Path main = mainFile.toAbsolutePath().normalize();
        this.root = XmlReader.read(mainFile, mainFile.toString());
        readDocument(root, main.getParent(), main, new ArrayDeque<>(List.of(main)), true);
        if (!problems.isEmpty()) {
            throw new BtcppException(problems);
        }
    }

    static TreeFiles read(Path mainFile) {
        return new TreeFiles(mainFile);
    }

    private void readDocument(XmlElement root, Path base, Path file, Deque<Path> including, boolean main) {
        if (!root.name().equals("root")) {
            throw BtcppException.at(root, "the document element must be <root>, found <" + root.name() + ">");
        }
        String f = root.attribute("BTCPP_format");
        if (f != null && !f.equals("3") && !f.equals("4")) {
            throw BtcppException.at(root, "BTCPP_format=\"" + f + "\" is not supported (3 or 4)");
        }
        if (main) {
            format = f != null ? f : root.attribute("main_tree_to_execute") != null ? "3" : "4";
        }
        for (XmlElement e : root.children()) {
            switch (e.name()) {
                case "include" -> include(e, base, including);
                case "BehaviorTree" -> {
                    String id = e.attribute("ID");
                    if (id == null || id.isBlank()) {
                        problems.add(e.where() + ": <BehaviorTree> needs an ID");
                    } else if (trees.containsKey(id)) {
                        problems.add(e.where() + ": BehaviorTree ID '" + id + "' is defined twice (first at "
                                + trees.get(id).file() + ":" + trees.get(id).line() + ")");
                    } else if (e.children().size() != 1) {
                        problems.add(e.where() + ": <BehaviorTree ID=\"" + id + "\"> must have exactly one child,"
                                + " has " + e.children().size());
                    } else {
                        trees.put(id, e);
                    }
                }
                case "TreeNodesModel" -> readModels(e);
                case "BtFmu" -> {
                    if (main) {
                        try {
                            embedded = Bindings.parse(e.text(), e.where());
                        } catch (BtcppException x) {
                            problems.addAll(x.problems());
                        }
                    }
                }
                default -> problems.add(e.where() + ": unknown element <" + e.name()
                        + "> (expected include, BehaviorTree, TreeNodesModel)");
            }
        }
    }

    private void include(XmlElement e, Path base, Deque<Path> including) {
        String path = e.attribute("path");
        if (path == null || path.isBlank()) {
            throw BtcppException.at(e, "<include> needs a path");
        }
        if (e.attribute("ros_pkg") != null) {
            throw BtcppException.at(e, "<include ros_pkg=...> needs ROS; give a path relative to the file");
        }
        Path from = Path.of(e.file()).toAbsolutePath().normalize().getParent();
        Path target = from.resolve(path).normalize();
        if (!target.startsWith(base)) {
            throw BtcppException.at(e, "<include path=\"" + path + "\"> escapes the directory of "
                    + mainFile.getFileName() + " (" + base + ")");
        }
        if (including.contains(target)) {
            throw BtcppException.at(e, "<include path=\"" + path + "\"> includes a file that is already being"
                    + " included (a cycle)");
        }
        if (!Files.isRegularFile(target)) {
            throw BtcppException.at(e, "<include path=\"" + path + "\">: no such file " + target);
        }
        including.push(target);
        readDocument(XmlReader.read(target, base.relativize(target).toString().isEmpty() ? target.toString()
                : mainFile.resolveSibling(base.relativize(target).toString()).toString()), base, target, including,
                false);
        including.pop();
    }

    private void readModels(XmlElement model) {
        for (XmlElement e : model.children()) {
            String id = e.attribute("ID");
            if (id == null) {
                problems.add(e.where() + ": a TreeNodesModel entry needs an ID");
                continue;
            }
            if (!CATEGORIES.contains(e.name()) && !e.name().equals("SubTree")) {
                problems.add(e.where() + ": unknown TreeNodesModel entry <" + e.name()
                        + "> (Action, Condition, Decorator, Control or SubTree)");
                continue;
            }
            List<PortModel> ports = new ArrayList<>();
            for (XmlElement p : e.children()) {
                String direction = switch (p.name()) {
                    case "input_port" -> "input";
                    case "output_port" -> "output";
                    case "inout_port" -> "inout";
                    default -> null;
                };
                if (direction == null) {
                    if (!p.name().equals("description") && !p.name().equals("metadata")) {
                        problems.add(p.where() + ": unknown element <" + p.name()
                                + "> in a model (input_port, output_port, inout_port, description)");
                    }
                    continue;
                }
                String name = p.attribute("name");
                if (name == null || name.isBlank()) {
                    problems.add(p.where() + ": a port needs a name");
                    continue;
                }
                ports.add(new PortModel(name, direction, p.attribute("type"), p.attribute("default"), p));
            }
            models.put(id, new NodeModel(e.name(), ports, e));
        }
    }

    String mainTree() {
        String main = root.attribute("main_tree_to_execute");
        if (main != null) {
            if (!trees.containsKey(main)) {
                throw BtcppException.at(root, "main_tree_to_execute=\"" + main + "\" names no <BehaviorTree>"
                        + (trees.isEmpty() ? "" : " (defined: " + String.join(", ", trees.keySet()) + ")"));
            }
            return main;
        }
        if (trees.size() == 1) {
            return trees.keySet().iterator().next();
        }
        throw BtcppException.at(root, trees.isEmpty() ? "the file defines no <BehaviorTree>"
                : "several BehaviorTrees (" + String.join(", ", trees.keySet())
                        + ") and no main_tree_to_execute to choose one");
    }

}
