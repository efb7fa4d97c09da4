package org.packscope.codec.hdf5;

import org.packscope.codec.io.MemoryBudget;

/**
 * HDF5's szip filter (id 4), which jhdf lacks. A chunk is the decoded size (4 bytes,
 * little-endian) and then a CCSDS 121.0-B stream ({@link AecDecoder}) as libaec's szip
 * interface writes it. The filter's four parameters are szip's: the options mask (NN for
 * the nearest-neighbour predictor, MSB for big-endian samples; EC, LSB, RAW and K13 change
 * nothing when decoding), pixels per block, bits per pixel and pixels per scanline.
 *
 * <p>Two things the szip interface does around the stream: 32- and 64-bit pixels are coded
 * as 8-bit samples, the pixels' first bytes first, then their second bytes, and so on
 * (byte planes); and when a scanline is not a whole number of blocks, each scanline was
 * padded to one (with its last pixel under NN, zeros otherwise), so the padding is dropped
 * again here.
 */
final class SzipFilter implements io.jhdf.filter.Filter {
    static final int ID = 4;
    /** szip option bits (HDF5's H5_SZIP_*_OPTION_MASK). */
    static final int OPTION_MSB = 16, OPTION_NN = 32;
    /** Longest reference sample interval libaec accepts, in blocks. */
    private static final int MAX_RSI = 4096;
    private static final int PREFIX = 4;

    @Override public int getId() { return ID; }

    @Override public String getName() { return "szip"; }

    @Override
    public byte[] decode(byte[] encoded, int[] p) {
        if (p == null || p.length < 4) throw new FilterDamage(0, "the szip filter has " + (p == null ? 0 : p.length) + " parameters, not the 4 it needs");
        int options = p[0], perBlock = p[1], bitsPerPixel = p[2], perScanline = p[3];
        if (perBlock < 2 || perBlock > 64 || (perBlock & 1) != 0) {
            throw new FilterDamage(0, "the szip filter's pixels per block is " + Integer.toUnsignedString(perBlock) + ", not an even number from 2 to 64");
        }
        if (!(bitsPerPixel >= 1 && bitsPerPixel <= 32 || bitsPerPixel == 64)) {
            throw new FilterDamage(0, "the szip filter's bits per pixel is " + Integer.toUnsignedString(bitsPerPixel) + ", not 1 to 32 or 64");
        }
        if (perScanline < 1 || (perScanline + (long) perBlock - 1) / perBlock > MAX_RSI) {
            throw new FilterDamage(0, "the szip filter's pixels per scanline is " + Integer.toUnsignedString(perScanline)
                    + ", not 1 to " + MAX_RSI + " blocks");
        }
        if (encoded.length < PREFIX) throw new FilterDamage(0, "an szip chunk of " + encoded.length + " bytes has no room for its 4-byte decoded size");
        long size = (encoded[0] & 0xffL) | (encoded[1] & 0xffL) << 8 | (encoded[2] & 0xffL) << 16 | (encoded[3] & 0xffL) << 24;

        boolean planes = bitsPerPixel == 32 || bitsPerPixel == 64;
        int bits = planes ? 8 : bitsPerPixel;
        int sampleBytes = AecDecoder.bytesPerSample(bits);
        int rsi = (perScanline + perBlock - 1) / perBlock;
        boolean padded = perScanline % perBlock != 0;
        long scanlines = (size / sampleBytes + perScanline - 1) / perScanline;
        long streamBytes = padded ? scanlines * rsi * perBlock * sampleBytes : size;
        if (!MemoryBudget.fits(Math.max(size, streamBytes) * (planes || padded ? 2 : 1), 1)) {
            throw new FilterDamage(0, MemoryBudget.tooLarge("an szip chunk that decodes to " + size + " bytes", size));
        }
        if (size % sampleBytes != 0) {
            throw new FilterDamage(0, "an szip chunk's decoded size " + size + " is not a whole number of " + sampleBytes + "-byte samples");
        }
        byte[] stream = new byte[(int) streamBytes];
        new AecDecoder(bits, perBlock, rsi, (options & OPTION_NN) != 0, (options & OPTION_MSB) != 0,
                encoded, PREFIX, encoded.length, PREFIX).decode(stream);
        byte[] samples = padded ? unpad(stream, (int) size, perScanline * sampleBytes, rsi * perBlock * sampleBytes) : stream;
        return planes ? fromBytePlanes(samples, bitsPerPixel / 8) : samples;
    }

    /** Keeps the first {@code line} bytes of each {@code paddedLine}, up to {@code size} bytes. */
    private static byte[] unpad(byte[] stream, int size, int line, int paddedLine) {
        byte[] out = new byte[size];
        for (int from = 0, to = 0; to < size; from += paddedLine, to += line) {
            System.arraycopy(stream, from, out, to, Math.min(line, size - to));
        }
        return out;
    }

    /** Byte {@code j} of pixel {@code i} was coded at {@code j * pixels + i}. */
    private static byte[] fromBytePlanes(byte[] planes, int width) {
        byte[] out = new byte[planes.length];
        int pixels = planes.length / width;
        for (int j = 0; j < width; j++) {
            int from = j * pixels;
            for (int i = 0, to = j; i < pixels; i++, to += width) out[to] = planes[from + i];
        }
        // bytes past the last whole pixel are not part of any plane
        System.arraycopy(planes, pixels * width, out, pixels * width, planes.length - pixels * width);
        return out;
    }
}
