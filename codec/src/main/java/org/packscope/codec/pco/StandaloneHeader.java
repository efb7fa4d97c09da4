package org.packscope.codec.pco;

/**
 * The standalone file header. {@code version} is the standalone version (0 and 1
 * were implicit: the byte after the magic is the wrapped format version); {@code
 * uniformType} is null when not set; {@code nHint} is 0 when unknown or absent.
 * {@code wrappedStartByte} is where the wrapped header begins.
 */
public record StandaloneHeader(int version, boolean explicitVersion, NumberType uniformType, long nHint,
                               long wrappedStartByte) { }
