package org.packscope.codec.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * A test class run a second time with the fallbacks (codec/pom.xml's {@code pure-java-codecs}
 * execution selects this tag): pure-Java zstd/LZ4 in place of the native codecs and the
 * scalar loops in place of the Vector API, as where those cannot load. Put it on the tests
 * that decode through a native codec or a vectorised loop.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(PureJavaRerun.TAG)
public @interface PureJavaRerun {
    String TAG = "pure-java";
}
