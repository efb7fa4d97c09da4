package org.packscope.codec.binjson;

import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.JsonNode;

import org.packscope.codec.compress.ChunkCompressors;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;

/**
 * For the teaching view: a JSON text, its encoding and the annotated inspection tree of
 * that encoding, with sizes to compare against plain and gzip'd JSON.
 */
public final class BinaryJsonTeaching {
    private BinaryJsonTeaching() { }

    /**
     * @param encoded          the BJ/SJ bytes
     * @param node             the inspection tree of {@code encoded} (same as opening the bytes as a file)
     * @param jsonBytes        UTF-8 size of the JSON text as given
     * @param compactJsonBytes UTF-8 size of the same document without whitespace
     * @param gzipJsonBytes    gzip'd size of the compact JSON (java.util.zip, default level)
     * @param encodedBytes     size of the BJ/SJ encoding
     * @param gzipEncodedBytes gzip'd size of the BJ/SJ encoding
     */
    public record Encoding(byte[] encoded, Node node, long jsonBytes, long compactJsonBytes, long gzipJsonBytes,
                           long encodedBytes, long gzipEncodedBytes) { }

    /**
     * @throws IllegalArgumentException for text that is not JSON or a float compression outside 0..6
     */
    public static Encoding explain(String json, boolean seekable, int floatCompression) {
        JsonNode doc = BinaryJsonWriter.parseJson(json);
        byte[] encoded = BinaryJsonWriter.encode(doc, seekable, floatCompression);
        byte[] compact = compactJson(doc).getBytes(StandardCharsets.UTF_8);
        Node node = BinaryJson.open(ByteSource.of(encoded, seekable ? "encoded.sj" : "encoded.bj"),
                seekable ? "encoded.sj" : "encoded.bj");
        return new Encoding(encoded, node, json.getBytes(StandardCharsets.UTF_8).length, compact.length,
                ChunkCompressors.gzipSize(compact), encoded.length, ChunkCompressors.gzipSize(encoded));
    }

    /** The document as compact JSON in PackScope's float style (the decoder's output form). */
    static String compactJson(JsonNode doc) {
        StringBuilder sb = new StringBuilder();
        JsonTextWriter w = new JsonTextWriter(sb);
        emit(doc, w);
        return sb.toString();
    }

    private static void emit(JsonNode v, JsonEvents w) {
        switch (v.getNodeType()) {
            case NULL -> w.nullValue();
            case BOOLEAN -> w.boolValue(v.booleanValue());
            case STRING -> w.stringValue(v.textValue());
            case NUMBER -> {
                if (v.isIntegralNumber() && v.canConvertToLong()) w.intValue(v.longValue());
                else w.floatValue(v.doubleValue(), false);
            }
            case OBJECT -> {
                w.startMap(v.size());
                v.fields().forEachRemaining(e -> {
                    w.key(e.getKey());
                    emit(e.getValue(), w);
                });
                w.endMap();
            }
            case ARRAY -> {
                w.startList(v.size());
                for (JsonNode e : v) emit(e, w);
                w.endList();
            }
            default -> w.nullValue();
        }
    }
}
