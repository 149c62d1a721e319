package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.sun.jna.Callback;
import com.sun.jna.CallbackReference;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The dependencies of {@code <Outputs>} and {@code <Derivatives>} on the continuous states
 * and the continuous inputs, seen through Model Exchange (bt-fmu check perturbs inputs in
 * Co-Simulation only): in Continuous-Time Mode each state (fmi2SetContinuousStates) and each
 * continuous input (fmi2SetReal) is moved alone, and every Real output and derivative is
 * read. A change the declaration does not list fails; so does a declared dependency that
 * does not show, unless it is in the exact list of those the chosen instant cannot show.
 */
class ModelExchangeDependencyTest {

    @TempDir
    Path dir;

    /** fmi2CallbackLogger (varargs ignored): the plants log nothing on the paths used here. */
    public interface Logger extends Callback {
        void invoke(Pointer environment, String instanceName, int status, String category, String message);
    }

    private record Variable(int index, String name, int valueReference, String causality, String variability) {
    }

    @Test
    void pointMassAircraftDeclaresWhatItsEquationsRead() throws Exception {
        // Mode 2 towards (500, 300), bearing 59 degrees, heading 57: turning, speeding up and
        // climbing to 5 m, each below its rate limit (a clamped rate would hide its knowns).
        Map<String, Double> reals = Map.of("heading0", 57.0, "target_x", 500.0, "target_y", 300.0,
                "target_speed", 30.0, "target_altitude", 5.0);
        // Every declared state and continuous-input dependency shows. (The Boolean and Integer
        // outputs hold between events, and the counters and the mode are discrete inputs, which
        // Continuous-Time Mode cannot set: CheckTest covers those through Co-Simulation.)
        assertEquals(Set.of(), probe(PlantFmu.POINT_MASS_AIRCRAFT, reals, Map.of("mode", 2)));
    }

    @Test
    void solarAircraftDeclaresWhatItsEquationsRead() throws Exception {
        // Noon, half charged, at 7,000 m holding 7,050 m: sun, charging, climbing below the rate limit.
        Map<String, Double> reals = Map.of("time_of_day0", 43200.0, "soc0", 0.5, "altitude0", 7000.0,
                "target_altitude", 7050.0);
        // Every declared dependency shows (mode is discrete: CheckTest covers it).
        assertEquals(Set.of(), probe(PlantFmu.SOLAR_AIRCRAFT, reals, Map.of()));
    }

    /** Runs the probe; returns the declared dependencies never seen, as "unknown <- known". */
    private Set<String> probe(PlantFmu plant, Map<String, Double> reals, Map<String, Integer> integers)
            throws Exception {
        Path unpacked = Files.createDirectories(dir.resolve(plant.modelName()));
        Document doc = unpack(plant, dir, unpacked);
        Path library = unpacked.resolve(plant.modelName() + ".so");
        List<Variable> variables = new ArrayList<>();
        NodeList scalars = doc.getElementsByTagName("ScalarVariable");
        for (int i = 0; i < scalars.getLength(); i++) {
            Element v = (Element) scalars.item(i);
            variables.add(new Variable(i + 1, v.getAttribute("name"), Integer.parseInt(v.getAttribute("valueReference")),
                    v.getAttribute("causality"), v.getAttribute("variability")));
        }
        Map<Variable, Set<Integer>> outputs = declared(doc, "Outputs", variables);
        Map<Variable, Set<Integer>> derivatives = declared(doc, "Derivatives", variables);
        List<Variable> states = new ArrayList<>();
        for (Variable derivative : derivatives.keySet()) {
            Element real = (Element) ((Element) scalars.item(derivative.index() - 1)).getElementsByTagName("Real").item(0);
            states.add(variables.get(Integer.parseInt(real.getAttribute("derivative")) - 1));
        }
        // The continuous Real unknowns: the Real outputs that are continuous, then the derivatives.
        Map<Variable, Set<Integer>> unknowns = new LinkedHashMap<>();
        outputs.forEach((v, deps) -> {
            if (v.variability().equals("continuous")) {
                unknowns.put(v, deps);
            }
        });
        unknowns.putAll(derivatives);
        List<Variable> continuousInputs = variables.stream()
                .filter(v -> v.causality().equals("input") && v.variability().equals("continuous")).toList();

        NativeLibrary fmu = NativeLibrary.getInstance(library.toAbsolutePath().toString());
        Pointer component = instantiate(fmu, doc, unpacked);
        try {
            call(fmu, "fmi2SetupExperiment", component, 0, 0.0, 0.0, 0, 0.0);
            call(fmu, "fmi2EnterInitializationMode", component);
            reals.forEach((name, value) -> call(fmu, "fmi2SetReal", component,
                    new int[] {find(variables, name).valueReference()}, 1, new double[] {value}));
            integers.forEach((name, value) -> call(fmu, "fmi2SetInteger", component,
                    new int[] {find(variables, name).valueReference()}, 1, new int[] {value}));
            call(fmu, "fmi2ExitInitializationMode", component);
            Memory eventInfo = new Memory(32);
            do {
                call(fmu, "fmi2NewDiscreteStates", component, eventInfo);
            } while (eventInfo.getInt(0) != 0);
            call(fmu, "fmi2EnterContinuousTimeMode", component);

            Map<String, Set<String>> seen = new LinkedHashMap<>();
            unknowns.keySet().forEach(u -> seen.put(u.name(), new TreeSet<>()));
            Set<String> undeclared = new TreeSet<>();
            double[] x = new double[states.size()];
            call(fmu, "fmi2GetContinuousStates", component, x, x.length);
            double[] baseline = read(fmu, component, unknowns.keySet());
            List<Variable> knowns = new ArrayList<>(states);
            knowns.addAll(continuousInputs);
            for (Variable known : knowns) {
                int k = states.indexOf(known);
                double original = k >= 0 ? x[k] : readOne(fmu, component, known);
                double moved = original + 0.1 * Math.abs(original) + 1.0;
                set(fmu, component, known, k, x, moved);
                double[] now = read(fmu, component, unknowns.keySet());
                set(fmu, component, known, k, x, original);
                int i = 0;
                for (Map.Entry<Variable, Set<Integer>> u : unknowns.entrySet()) {
                    if (now[i] != baseline[i]) {
                        seen.get(u.getKey().name()).add(known.name());
                        if (!u.getValue().contains(known.index())) {
                            undeclared.add(u.getKey().name() + " <- " + known.name());
                        }
                    }
                    i++;
                }
            }
            assertEquals(Set.of(), undeclared, "changed although not declared");
            Set<String> unseen = new TreeSet<>();
            unknowns.forEach((u, deps) -> deps.forEach(index -> {
                String known = variables.get(index - 1).name();
                if (knowns.contains(variables.get(index - 1)) && !seen.get(u.name()).contains(known)) {
                    unseen.add(u.name() + " <- " + known);
                }
            }));
            return unseen;
        } finally {
            fmu.getFunction("fmi2FreeInstance").invokeVoid(new Object[] {component});
        }
    }

    private static void set(NativeLibrary fmu, Pointer component, Variable known, int k, double[] x, double value) {
        if (k >= 0) {
            double[] states = x.clone();
            states[k] = value;
            call(fmu, "fmi2SetContinuousStates", component, states, states.length);
        } else {
            call(fmu, "fmi2SetReal", component, new int[] {known.valueReference()}, 1, new double[] {value});
        }
    }

    private static double readOne(NativeLibrary fmu, Pointer component, Variable v) {
        double[] value = new double[1];
        call(fmu, "fmi2GetReal", component, new int[] {v.valueReference()}, 1, value);
        return value[0];
    }

    private static double[] read(NativeLibrary fmu, Pointer component, Set<Variable> unknowns) {
        int[] references = unknowns.stream().mapToInt(Variable::valueReference).toArray();
        double[] values = new double[references.length];
        call(fmu, "fmi2GetReal", component, references, references.length, values);
        return values;
    }

    /** The importer's logger: a field, so that the callback outlives every instance. */
    private static final Logger LOGGER = (environment, instance, status, category, message) -> { };

    /** fmi2Instantiate(fmi2ModelExchange) of the plant library, extracted in {@code unpacked}. */
    static Pointer instantiate(NativeLibrary fmu, Document doc, Path unpacked) {
        Memory callbacks = new Memory(5L * Native.POINTER_SIZE);
        NativeLibrary c = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME);
        callbacks.setPointer(0, CallbackReference.getFunctionPointer(LOGGER));
        callbacks.setPointer(Native.POINTER_SIZE, c.getFunction("calloc"));
        callbacks.setPointer(2L * Native.POINTER_SIZE, c.getFunction("free"));
        callbacks.setPointer(3L * Native.POINTER_SIZE, Pointer.NULL);
        callbacks.setPointer(4L * Native.POINTER_SIZE, Pointer.NULL);
        String guid = doc.getDocumentElement().getAttribute("guid");
        Pointer component = (Pointer) fmu.getFunction("fmi2Instantiate").invoke(Pointer.class,
                new Object[] {"probe", 0, guid, unpacked.toUri().toString(), callbacks, 0, 0});
        assertNotNull(component, "fmi2Instantiate(fmi2ModelExchange)");
        return component;
    }

    /** The plant's library written to {@code unpacked}; its modelDescription.xml parsed. */
    static Document unpack(PlantFmu plant, Path dir, Path unpacked) throws Exception {
        Path library = unpacked.resolve(plant.modelName() + ".so");
        byte[] description;
        try (ZipFile zip = new ZipFile(plant.copyTo(dir).toFile())) {
            description = zip.getInputStream(zip.getEntry("modelDescription.xml")).readAllBytes();
            Files.write(library, zip.getInputStream(zip.getEntry("binaries/linux64/" + plant.modelName() + ".so"))
                    .readAllBytes());
        }
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(description));
    }

    static void call(NativeLibrary fmu, String function, Object... arguments) {
        assertEquals(0, fmu.getFunction(function).invokeInt(arguments), function);
    }

    private static Variable find(List<Variable> variables, String name) {
        return variables.stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    /** The unknowns of one list of {@code <ModelStructure>} with their declared dependency indices. */
    private static Map<Variable, Set<Integer>> declared(Document doc, String list, List<Variable> variables) {
        Map<Variable, Set<Integer>> result = new LinkedHashMap<>();
        NodeList unknowns = ((Element) doc.getElementsByTagName(list).item(0)).getElementsByTagName("Unknown");
        for (int i = 0; i < unknowns.getLength(); i++) {
            Element u = (Element) unknowns.item(i);
            assertEquals(true, u.hasAttribute("dependencies"), list + " index " + u.getAttribute("index"));
            Set<Integer> deps = new TreeSet<>();
            for (String index : u.getAttribute("dependencies").trim().split("\\s+")) {
                if (!index.isEmpty()) {
                    deps.add(Integer.parseInt(index));
                }
            }
            result.put(variables.get(Integer.parseInt(u.getAttribute("index")) - 1), deps);
        }
        return result;
    }
}
