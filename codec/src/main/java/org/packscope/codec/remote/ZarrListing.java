package org.packscope.codec.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Folders over HTTP, which cannot list: a key is a folder when Zarr metadata sits under
 * it. Consolidated metadata names the whole hierarchy at once (v2 {@code .zmetadata},
 * v3 {@code zarr.json} with {@code consolidated_metadata}); without it each group and
 * array is found key by key. Names that would leave the store ({@code ..}, absolute) are
 * dropped.
 */
final class ZarrListing {
    static final String[] MARKERS = {".zmetadata", "zarr.json", ".zgroup", ".zarray"};
    private static final int MAX_METADATA = 64 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private ZarrListing() { }

    static boolean probe(RemoteFileSystem fs, String key) throws IOException {
        String under = key.isEmpty() ? "" : key + "/";
        // every marker at once: the answers below come from what was opened, one round trip for four
        List<String> keys = new ArrayList<>();
        for (String marker : MARKERS) keys.add(under + marker);
        fs.openSideBySide(keys);
        for (String marker : MARKERS) {
            RemoteObject o;
            try {
                o = fs.object(under + marker);
            } catch (RemoteProblem p) {
                if (p.rule() == RemoteRules.REMOTE_NOT_FOUND || p.rule() == RemoteRules.REMOTE_FORBIDDEN) continue;
                throw p;
            }
            fs.known(key, marker, false, false);
            if (!key.isEmpty()) fs.folders.add(key);
            if (marker.equals(".zarray")) fs.arrays.add(key);
            if (marker.equals(".zmetadata") || marker.equals("zarr.json")) consolidated(fs, key, marker, o);
            return true;
        }
        return false;
    }

    private static void consolidated(RemoteFileSystem fs, String key, String marker, RemoteObject o) throws IOException {
        if (o.size() > MAX_METADATA) return;
        byte[] b = new byte[(int) o.size()];
        o.read(0, b, 0, b.length);
        JsonNode root;
        try {
            root = JSON.readTree(b);
        } catch (IOException e) {
            return; // not JSON: the Zarr reader reports it when it reads the file
        }
        if (marker.equals(".zmetadata")) {
            JsonNode meta = root.path("metadata");
            for (Iterator<String> it = meta.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                fs.known(key, name, false, false);
                if (name.endsWith("/.zarray") || name.equals(".zarray")) {
                    int cut = name.lastIndexOf('/');
                    if (cut > 0) fs.known(key, name.substring(0, cut), true, true);
                    else fs.arrays.add(key);
                }
            }
            fs.consolidatedV2.add(key);
            return;
        }
        if ("array".equals(root.path("node_type").asText())) fs.arrays.add(key);
        JsonNode meta = root.path("consolidated_metadata").path("metadata");
        for (Iterator<Map.Entry<String, JsonNode>> it = meta.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            boolean array = "array".equals(e.getValue().path("node_type").asText());
            fs.known(key, e.getKey(), true, array);
            fs.known(key, e.getKey() + "/zarr.json", false, false);
        }
    }
}
