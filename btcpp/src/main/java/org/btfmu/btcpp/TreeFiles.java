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

    /** The elements that name their node type in the ID attribute. */
    static final Set<String> CATEGORIES = Set.of("Action", "Condition", "Decorator", "Control");

    /** A node type of the TreeNodesModel: category and ports in order. */
    record NodeModel(String category, List<PortModel> ports, XmlElement element) {

        /** Whether another declaration says the same: category, and the ports with their directions, types, defaults. */
        boolean sameAs(String otherCategory, List<PortModel> otherPorts) {
            return category.equals(otherCategory) && ports.size() == otherPorts.size()
                    && java.util.stream.IntStream.range(0, ports.size())
                            .allMatch(k -> ports.get(k).sameAs(otherPorts.get(k)));
        }
    }

    record PortModel(String name, String direction, String type, String defaultValue, XmlElement element) {

        boolean sameAs(PortModel o) {
            return name.equals(o.name) && direction.equals(o.direction) && java.util.Objects.equals(type, o.type)
                    && java.util.Objects.equals(defaultValue, o.defaultValue);
        }
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
    /** Notes for the user (leniencies applied, model elements ignored): import prints them. */
    final List<String> warnings;
    /** {@code <BehaviorTree>}s without an ID: accepted (as "MainTree") only when the only tree. */
    private final List<XmlElement> unnamed = new ArrayList<>();

    private TreeFiles(Path mainFile, List<String> warnings, List<Path> manifests) {
        this.mainFile = mainFile;
        this.warnings = warnings;
        for (Path m : manifests) {
            readManifest(m);
        }
        Path main = mainFile.toAbsolutePath().normalize();
        this.root = XmlReader.read(mainFile, mainFile.toString(), warnings);
        readDocument(root, realDirectory(main), main, new ArrayDeque<>(List.of(main)), true);
        if (!unnamed.isEmpty()) {
            if (unnamed.size() == 1 && trees.isEmpty()) {
                trees.put(UNNAMED_ID, unnamed.get(0));
            } else {
                unnamed.forEach(e -> problems.add(e.where() + ": <BehaviorTree> needs an ID (only a file's single"
                        + " tree may go without)"));
            }
        }
        if (!problems.isEmpty()) {
            throw new BtcppException(problems);
        }
    }

    /** The ID of a file's single {@code <BehaviorTree>} written without one (BT.CPP accepts it). */
    static final String UNNAMED_ID = "MainTree";

    static TreeFiles read(Path mainFile) {
        return new TreeFiles(mainFile, new ArrayList<>(), List.of());
    }

    /** The tree files, with the TreeNodesModels of {@code manifests} ({@code --nodes}) read first. */
    static TreeFiles read(Path mainFile, List<String> warnings, List<Path> manifests) {
        return new TreeFiles(mainFile, warnings, manifests);
    }

    XmlElement root() {
        return root;
    }

    /** A separate manifest: its {@code <TreeNodesModel>}s; anything else in it (trees of a Groot2 project) is not read. */
    private void readManifest(Path file) {
        XmlElement doc = XmlReader.read(file, file.toString(), warnings);
        if (!doc.name().equals("root")) {
            throw BtcppException.at(doc, "a node manifest's document element must be <root>, found <" + doc.name()
                    + ">");
        }
        int found = 0;
        for (XmlElement e : doc.children()) {
            if (e.name().equals("TreeNodesModel")) {
                readModels(e);
                found++;
            }
        }
        if (found == 0) {
            throw BtcppException.at(doc, "no <TreeNodesModel> in this node manifest");
        }
    }

    /** The directory of a file with symbolic links resolved: includes must stay inside it. */
    private static Path realDirectory(Path file) {
        try {
            return file.getParent().toRealPath();
        } catch (java.io.IOException e) {
            return file.getParent();
        }
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
                        if (e.children().size() != 1) {
                            problems.add(e.where() + ": <BehaviorTree> must have exactly one child, has "
                                    + e.children().size());
                        } else {
                            unnamed.add(e);
                        }
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
        if (!Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw BtcppException.at(e, "<include path=\"" + path + "\">: no such file " + target);
        }
        try {
            // Symbolic links resolved: a link inside the directory may point anywhere.
            target = target.toRealPath();
        } catch (java.io.IOException x) {
            throw BtcppException.at(e, "<include path=\"" + path + "\">: cannot resolve " + target + ": "
                    + x.getMessage());
        }
        if (!target.startsWith(base)) {
            throw BtcppException.at(e, "<include path=\"" + path + "\"> escapes the directory of "
                    + mainFile.getFileName() + " (" + base + ")");
        }
        if (including.contains(target)) {
            throw BtcppException.at(e, "<include path=\"" + path + "\"> includes a file that is already being"
                    + " included (a cycle)");
        }
        if (!Files.isRegularFile(target)) {
            throw BtcppException.at(e, "<include path=\"" + path + "\">: " + target + " is not a regular file (a"
                    + " directory, FIFO or device)");
        }
        including.push(target);
        readDocument(XmlReader.read(target, base.relativize(target).toString().isEmpty() ? target.toString()
                : mainFile.resolveSibling(base.relativize(target).toString()).toString(), warnings), base, target,
                including, false);
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
                    case "inout_port", "bidirectional_port" -> "inout"; // Nav2's name for an inout port
                    default -> null;
                };
                if (direction == null) {
                    if (!p.name().equals("description") && !p.name().equals("metadata")) {
                        warnings.add(p.where() + ": note: <" + p.name() + "> in the model of '" + id
                                + "' is not a port; ignored");
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
            NodeModel earlier = models.get(id);
            if (earlier != null && earlier.sameAs(e.name(), ports)) {
                continue; // the same model again: a manifest given twice, or also embedded in the tree file (Groot2)
            }
            if (earlier != null) {
                problems.add(e.where() + ": TreeNodesModel ID '" + id + "' is declared twice (first at "
                        + earlier.element().file() + ":" + earlier.element().line() + ")");
                continue;
            }
            models.put(id, new NodeModel(e.name(), ports, e));
        }
    }

    /** The tree to import when nothing else says: see {@link TreeChoice}. */
    String mainTree() {
        return TreeChoice.choose(this, null);
    }

}
