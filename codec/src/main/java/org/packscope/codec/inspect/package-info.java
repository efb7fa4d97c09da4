/**
 * The inspection model every format builds and every view and command reads: {@link
 * org.packscope.codec.inspect.Node} (a tree of named parts, built lazily), {@link
 * org.packscope.codec.inspect.Field} and {@link org.packscope.codec.inspect.Span} (what a
 * part holds, down to bits, and where), {@link org.packscope.codec.inspect.Diagnostic} with
 * its {@link org.packscope.codec.inspect.Rule}, and the facets a node may offer: {@link
 * org.packscope.codec.inspect.ValueColumn} (typed values, random access), {@link
 * org.packscope.codec.inspect.ValueTracer}, {@link org.packscope.codec.inspect.FieldExplainer},
 * {@link org.packscope.codec.inspect.Verifier}, {@link org.packscope.codec.inspect.BulkDecoder}.
 * It uses nothing built on it: the walks, diffs and statistics are in {@code analysis}.
 */
package org.packscope.codec.inspect;
