package org.btfmu.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.btfmu.core.Status;

/**
 * Collects the status changes a mission FMU logs in its {@code logTaskStatus} category
 * ("&lt;instance&gt;: t=&lt;time&gt; &lt;task/path&gt;: OLD -&gt; NEW", as the co-simulation master
 * passes FMU messages on, whose instance name comes first); every other message goes on to the
 * log it wraps. Unlike sampled
 * statuses these hold every change, also several within one instant.
 */
public final class StatusLog implements Consumer<String> {

    private static final Pattern CHANGE = Pattern.compile(
            "(\\S+): t=(\\S+) (\\S+): (SUCCESS|FAILURE|ACCEPT|ACTIVATING|RUNNING|FINISHED|ABORTED|DEACTIVATING)"
                    + " -> (SUCCESS|FAILURE|ACCEPT|ACTIVATING|RUNNING|FINISHED|ABORTED|DEACTIVATING)");

    private final Consumer<String> others;
    private final List<String> instances = new ArrayList<>();
    private final List<StatusEvent> events = new ArrayList<>();

    public StatusLog(Consumer<String> others) {
        this.others = others;
    }

    @Override
    public void accept(String line) {
        Matcher m = CHANGE.matcher(line);
        if (m.matches()) {
            try {
                double time = Double.parseDouble(m.group(2));
                String path = m.group(3).replace('/', '.');
                synchronized (events) {
                    instances.add(m.group(1));
                    events.add(new StatusEvent(time, path, Status.valueOf(m.group(4)), Status.valueOf(m.group(5)), ""));
                }
                return;
            } catch (NumberFormatException e) {
                // not a status change after all: pass it on
            }
        }
        others.accept(line);
    }

    /**
     * The changes so far that the given instances logged, in the order logged, each task path
     * after the prefix its instance maps to ("" with one mission FMU, "&lt;instance&gt;:" with several).
     */
    public List<StatusEvent> events(java.util.Map<String, String> prefixes) {
        List<StatusEvent> result = new ArrayList<>();
        synchronized (events) {
            for (int i = 0; i < events.size(); i++) {
                String prefix = prefixes.get(instances.get(i));
                if (prefix != null) {
                    StatusEvent e = events.get(i);
                    result.add(new StatusEvent(e.time(), prefix + e.task(), e.from(), e.to(), e.cause()));
                }
            }
        }
        return result;
    }
}
