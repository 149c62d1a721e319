package org.btfmu.mission;

import java.util.List;

/**
 * A mission file that cannot be loaded; {@link #problems()} lists everything
 * found wrong with it, not only the first problem. Unchecked, so that callers
 * deal with bad input in one place (the CLI turns it into exit code 2).
 */
public final class MissionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final transient List<Problem> problems;

    public MissionException(String source, List<Problem> problems) {
        super(message(source, problems));
        this.source = source;
        this.problems = List.copyOf(problems);
    }

    /** The file name (or other source name) the problems refer to. */
    public String source() {
        return source;
    }

    public List<Problem> problems() {
        return problems;
    }

    private static String message(String source, List<Problem> problems) {
        StringBuilder text = new StringBuilder(source).append(": ").append(problems.size())
                .append(problems.size() == 1 ? " problem" : " problems");
        for (Problem problem : problems) {
            text.append(System.lineSeparator()).append(source)
                    .append(problem.line() > 0 ? ":" : ": ").append(problem);
        }
        return text.toString();
    }
}
