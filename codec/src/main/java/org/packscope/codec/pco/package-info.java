/**
 * Pco (pcodec): standalone files and the wrapped format other containers embed.
 *
 * <p>Entry points: {@link org.packscope.codec.pco.PcoFormat} (registry format, id "pco"),
 * {@link org.packscope.codec.pco.PcoNodes#file} (inspection tree of a standalone file, with
 * ValueColumn, BulkDecoder and Verifier facets on the file node), {@link org.packscope.codec.pco.PcoFile}
 * (opened file: header, chunk index, chunk decoding), {@link org.packscope.codec.pco.PcoWrapped}
 * (header, chunk metadata and pages read separately from any byte source) and
 * {@link org.packscope.codec.pco.PageDecoder} (the batch decoder over a padded byte array).
 * The page decoder is split along the format's own steps: {@code PageLatents} (one latent
 * variable's page metadata and batch), {@code AnsStates} (the interleaved tANS state reads),
 * {@code OffsetReaders} (a bin's lower bound plus its offset bits, one routine per table
 * shape), {@code DeltaDecoder} (Consecutive, Lookback, Conv1) and {@code ModeJoins} (latents
 * to numbers by mode).
 * Every node with a ValueColumn also offers a ValueTracer ({@code PcoTracer}: chunk, batch,
 * tANS decoder state, bin, offset bits, latent, delta decoding, mode join), and every node a
 * FieldExplainer: the one keyed field documentation of the format ({@code PcoDocs}).
 *
 * <p>Headers and metadata ({@code MetaParser}, the page metadata in {@code PageDecoder}) are read with the
 * shared {@link org.packscope.codec.read.FieldReader}, which records each field with its key to a
 * {@link org.packscope.codec.read.Recorder} (a node's, or none on the decoding path), so that the
 * inspection tree and the decoders read through the same code. Corruption surfaces as a
 * {@link org.packscope.codec.read.ReadProblem} carrying its Diagnostic (rules: {@link org.packscope.codec.pco.PcoRules}),
 * caught at the unit being read. Only the page decoder's hot loops peek bits themselves ({@code HotPathBits}).
 */
package org.packscope.codec.pco;
