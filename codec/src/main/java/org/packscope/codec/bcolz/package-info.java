/**
 * bcolz 1.x datasets on disk.
 *
 * <p>A carray is a folder: {@code meta/sizes} (JSON: shape, nbytes, cbytes), {@code meta/storage}
 * (JSON: numpy dtype string, cparams, chunklen), an optional {@code __attrs__} and
 * {@code data/__N.blp} superchunk files, each holding one Blosc chunk of chunklen rows. The
 * last chunk holds the leftover rows and is not padded. Which files belong to the array is
 * decided by shape[0] and chunklen alone: other {@code .blp} files are stale and ignored.
 * An N-d carray stores rows of {@code prod(shape[1:])} items; values are flattened in C order.
 *
 * <p>A ctable is a folder with {@code __rootdirs__} (JSON {"names": [...]}) and one complete
 * carray folder per column, named after it; each column keeps its own chunklen and cparams.
 *
 * <p>The metadata files are read by {@link org.packscope.codec.json.Json}, which keeps each value's
 * byte span: a member shown on a metadata node covers its own {@code "name": value} bytes.
 * Fields are documented by {@link org.packscope.codec.bcolz.BcolzDocs}, rules catalogued in
 * {@link org.packscope.codec.bcolz.BcolzRules}.
 *
 * <p>Entry points: {@link org.packscope.codec.bcolz.BcolzFormat} (registry),
 * {@link org.packscope.codec.bcolz.CarrayNodes#node} and {@link org.packscope.codec.bcolz.CtableNodes#node}.
 */
package org.packscope.codec.bcolz;
