package org.packscope.codec.binjson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

import org.packscope.codec.inspect.PlainText;

/** Writes events as compact JSON text (floats per {@link JsonFloats}). */
final class JsonTextWriter implements JsonEvents {
    private final Appendable out;
    /** Per open container: whether something was written in it already. */
    private boolean[] started = new boolean[16];
    private int depth;
    private boolean afterKey;

    JsonTextWriter(Appendable out) { this.out = out; }

    private void put(CharSequence s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void put(char c) {
        try {
            out.append(c);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void beforeValue() {
        if (afterKey) {
            afterKey = false;
            return;
        }
        if (depth > 0) {
            if (started[depth]) put(',');
            started[depth] = true;
        }
    }

    private void open(char c) {
        beforeValue();
        put(c);
        if (++depth == started.length) started = Arrays.copyOf(started, depth * 2);
        started[depth] = false;
    }

    @Override public void nullValue() { beforeValue(); put("null"); }

    @Override public void boolValue(boolean value) { beforeValue(); put(value ? "true" : "false"); }

    @Override public void intValue(long value) { beforeValue(); put(Long.toString(value)); }

    @Override
    public void floatValue(double value, boolean f32) {
        beforeValue();
        put(JsonFloats.format(value)); // f32 arrives widened: print the double a reader gets
    }

    @Override public void stringValue(String value) { beforeValue(); string(value); }

    @Override public void startMap(long entries) { open('{'); }

    @Override
    public void key(String key) {
        if (started[depth]) put(',');
        started[depth] = true;
        string(key);
        put(':');
        afterKey = true;
    }

    @Override public void endMap() { depth--; put('}'); }

    @Override public void startList(long elements) { open('['); }

    @Override public void endList() { depth--; put(']'); }

    private void string(String s) {
        put(PlainText.jsonString(s));
    }
}
