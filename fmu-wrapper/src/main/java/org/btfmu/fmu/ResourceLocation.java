package org.btfmu.fmu;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * Turns the {@code fmuResourceLocation} URI an importer passes to fmi2Instantiate
 * into a path. FMI 2.0 requires the "file" scheme with an absolute path, with or
 * without authority ({@code file:///a/b}, {@code file:/a/b}); importers differ in
 * how they percent-encode, so both encoded and raw spaces are accepted.
 */
public final class ResourceLocation {

    private ResourceLocation() {
    }

    public static Path toPath(String location) {
        if (location == null || location.isBlank()) {
            throw new IllegalArgumentException("fmuResourceLocation is empty");
        }
        String plain = plainFilePath(location);
        if (plain != null) {
            return Path.of(plain);
        }
        URI uri;
        try {
            uri = new URI(location.replace(" ", "%20"));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("fmuResourceLocation is not a URI: " + location, e);
        }
        if (!"file".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException(
                    "fmuResourceLocation must use the file scheme, got: " + location);
        }
        String authority = uri.getAuthority();
        if (authority != null && !authority.isEmpty() && !authority.equals("localhost")) {
            throw new IllegalArgumentException(
                    "fmuResourceLocation names a remote host '" + authority + "': " + location);
        }
        String path = uri.getPath();
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException(
                    "fmuResourceLocation must hold an absolute path: " + location);
        }
        return Path.of(path);
    }

    /**
     * The path of "file:///" and a path of letters, digits and {@code / . _ -} only (what importers
     * pass for an extracted FMU), for which java.net.URI would give that path unchanged; else null.
     * URI's parser is about a millisecond of interpreted code at the first fmi2Instantiate.
     */
    static String plainFilePath(String location) {
        if (!location.startsWith("file:///")) {
            return null;
        }
        for (int i = 8; i < location.length(); i++) {
            char c = location.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '/' || c == '.'
                    || c == '_' || c == '-')) {
                return null;
            }
        }
        return location.substring(7);
    }
}
