package org.btfmu.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;

/** A Maven log that keeps the info and error lines for assertions. */
final class CapturingLog extends SystemStreamLog {

    final List<String> infos = new ArrayList<>();
    final List<String> errors = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();

    @Override
    public void warn(CharSequence content) {
        warnings.add(content.toString());
    }

    @Override
    public void info(CharSequence content) {
        infos.add(content.toString());
    }

    @Override
    public void error(CharSequence content) {
        errors.add(content.toString());
    }

    @Override
    public boolean isDebugEnabled() {
        return false;
    }

    @Override
    public void debug(CharSequence content) {
    }
}
