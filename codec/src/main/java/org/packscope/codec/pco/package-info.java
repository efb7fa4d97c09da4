/**
 * Pco (pcodec): standalone files and the wrapped format other containers embed.
 *
 * <p>Entry points: {@link org.packscope.codec.pco.PcoFormat} (registry format, id "pco"),
 * {@link org.packscope.codec.pco.PcoNodes#file} (inspection tree of a standalone file, with
 * ValueColumn, BulkDecoder and Verifier facets on the file node), {@link org.packscope.codec.pco.PcoFile}
 * (opened file: header, chunk index, chunk decoding), {@link org.packscope.codec.pco.PcoWrapped}
 * (header, chunk metadata and pages read separately from any byte source) and
 * {@link org.packscope.codec.pco.PageDecoder} (the batch decoder over a padded byte array).
 * Every node with a ValueColumn also offers a ValueTracer ({@code PcoTracer}: chunk, batch,
 * tANS decoder state, bin, offset bits, latent, delta decoding, mode join), and every node a
 * FieldExplainer ({@code PcoExplainer}).
 *
 * <p>Metadata parsing ({@code MetaParser}) reports each field to a {@link org.packscope.codec.pco.FieldSink}
 * so that the inspection tree and the decoders read through the same code; corruption surfaces as
 * an internal {@code PcoException} (rule id + bit) that the callers turn into Diagnostics.
 */
package org.packscope.codec.pco;
