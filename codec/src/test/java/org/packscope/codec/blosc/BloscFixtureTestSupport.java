package org.packscope.codec.blosc;

import java.nio.file.Path;

import org.packscope.codec.testing.Fixtures;

final class BloscFixtureTestSupport {
    private BloscFixtureTestSupport() { }

    static Path bcolzFile(String relative) { return Fixtures.resource("fixtures/bcolz/" + relative); }
}
