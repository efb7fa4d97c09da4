package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;
import org.packscope.codec.remote.RemoteSettings;

/**
 * {@code --anonymous}, {@code --endpoint} and {@code --region} hold while their command runs
 * and are gone after it: a JVM that runs several command lines (these tests do) once sent
 * unsigned requests to a bucket that wanted signed ones because an earlier run had said
 * {@code --anonymous}.
 */
class CliRemoteSettingsTest {
    /** Standard output that notes the remote settings at each line the command writes. */
    private static final class Noting extends OutputStream {
        final List<String> atEachLine = new ArrayList<>();
        final ByteArrayOutputStream text = new ByteArrayOutputStream();

        @Override public void write(int b) {
            text.write(b);
            if (b == '\n') {
                atEachLine.add(RemoteSettings.anonymous() + " " + RemoteSettings.endpoint() + " " + RemoteSettings.region());
            }
        }
    }

    @Test
    void aRunsRemoteOptionsHoldForItAndAreGoneAfterIt() {
        Consumer<String> ours = s -> { };
        RemoteSettings.notices(ours);
        String endpointBefore = RemoteSettings.endpoint();
        String regionBefore = RemoteSettings.region();
        assertFalse(RemoteSettings.anonymous(), "signed requests before the run");

        Noting out = new Noting();
        int code = Cli.run(new String[] {"--anonymous", "--endpoint", "http://127.0.0.1:9", "--region", "eu-north-1",
                        "inspect", Samples.get("pco/smooth_i64_timestamps_ms.pco").toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(0, code, out.text.toString(StandardCharsets.UTF_8));
        assertFalse(out.atEachLine.isEmpty());
        for (String seen : out.atEachLine) assertEquals("true http://127.0.0.1:9 eu-north-1", seen, "while the command ran");

        assertFalse(RemoteSettings.anonymous(), "signed again after the run");
        assertEquals(endpointBefore, RemoteSettings.endpoint());
        assertEquals(regionBefore, RemoteSettings.region());
        assertSame(ours, RemoteSettings.save().notices(), "notices go where they went before");
        RemoteSettings.notices(null);
    }
}
