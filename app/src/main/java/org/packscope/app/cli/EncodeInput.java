package org.packscope.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.packscope.app.export.Export;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.numpy.Dtype;

/**
 * The values {@code encode} compresses, as bytes with their element size: a NumPy
 * {@code .npy} file, a CSV or text file of numbers or a raw file (both with {@code --dtype}),
 * or anything PackScope decodes (a PATH with its {@code ::} inner path), as its stored type.
 */
record EncodeInput(byte[] bytes, Dtype dtype, String description) {

    /** The element size the values come in. */
    int typesize() { return dtype.itemsize(); }

    /** Why the input cannot be encoded, for the person (exit code 2). */
    static final class Refused extends Exception {
        Refused(String message) { super(message, null, false, false); }
    }

    static final long MAX_BYTES = Integer.MAX_VALUE - 64;

    static EncodeInput read(Cli cli, String address, Dtype dtype) throws IOException, Refused {
        Path file = address.contains("::") ? null : Path.of(address);
        String name = file == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (file != null && Files.isRegularFile(file)) {
            if (name.endsWith(".npy")) return npy(file);
            if (dtype != null && (name.endsWith(".csv") || name.endsWith(".txt"))) return text(file, dtype);
            if (dtype != null) return raw(file, dtype);
        }
        Node node = Targets.targetOrExplain(cli, address);
        if (node == null) throw new Refused(null);
        ValueColumn column = node.values();
        String descr = column == null ? null : Export.npyDescr(column.type());
        if (descr == null) {
            throw new Refused(address + " holds no fixed-size values to encode; give a .npy file, or raw or CSV values with --dtype");
        }
        Dtype type = Dtype.parse(descr);
        int width = type.itemsize();
        if (column.count() > MAX_BYTES / width) throw new Refused(address + ": " + column.count() + " values are more than one Blosc chunk holds");
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) (column.count() * width));
        try {
            Export.Written w = Export.write(node, "raw", out, address, Progress.NONE);
            if (w.undecodable() > 0) throw new Refused(address + ": " + w.note());
        } catch (Export.Unsuitable e) {
            throw new Refused(e.getMessage());
        }
        return new EncodeInput(out.toByteArray(), type, column.count() + " values (" + descr + ") of " + address);
    }

    private static final Pattern NPY_DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");

    /** NumPy's format: magic, version, a little-endian header length, the header dict, the data. */
    static EncodeInput npy(Path file) throws IOException, Refused {
        byte[] all = RegularFiles.readAll(file, MAX_BYTES);
        if (all.length < 10 || (all[0] & 0xff) != 0x93 || !new String(all, 1, 5, StandardCharsets.US_ASCII).equals("NUMPY")) {
            throw new Refused(file + ": not a NumPy .npy file (no \\x93NUMPY magic)");
        }
        int major = all[6];
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        long headerLen = major == 1 ? b.getShort(8) & 0xffff : b.getInt(8) & 0xffffffffL;
        long dataStart = (major == 1 ? 10 : 12) + headerLen;
        if (dataStart > all.length) throw new Refused(file + ": the .npy header claims " + headerLen + " bytes, past the end");
        String header = new String(all, major == 1 ? 10 : 12, (int) headerLen, StandardCharsets.ISO_8859_1);
        Matcher m = NPY_DESCR.matcher(header);
        Dtype dtype = m.find() ? Dtype.parse(m.group(1)) : null;
        if (dtype == null) throw new Refused(file + ": the .npy dtype is not one PackScope encodes (" + header.trim() + ")");
        byte[] data = java.util.Arrays.copyOfRange(all, (int) dataStart, all.length);
        return new EncodeInput(data, dtype, data.length / dtype.itemsize() + " values (" + dtype.text() + ") of " + file);
    }

    static EncodeInput raw(Path file, Dtype dtype) throws IOException, Refused {
        byte[] data = RegularFiles.readAll(file, MAX_BYTES);
        if (data.length % dtype.itemsize() != 0) {
            throw new Refused(file + ": " + data.length + " bytes are not whole " + dtype.itemsize() + "-byte values of " + dtype.text());
        }
        return new EncodeInput(data, dtype, data.length / dtype.itemsize() + " raw values (" + dtype.text() + ") of " + file);
    }

    /** Numbers separated by commas, white space or new lines, written in the dtype's byte order. */
    static EncodeInput text(Path file, Dtype dtype) throws IOException, Refused {
        if (dtype.kind() != 'i' && dtype.kind() != 'u' && dtype.kind() != 'f' || dtype.kind() == 'f' && dtype.itemsize() == 2) {
            throw new Refused("--dtype " + dtype.text() + ": numbers in text become integers or 4- and 8-byte floats only");
        }
        String text = new String(RegularFiles.readAll(file, MAX_BYTES), StandardCharsets.UTF_8);
        String[] tokens = text.trim().isEmpty() ? new String[0] : text.trim().split("[,\\s]+");
        ByteBuffer out = ByteBuffer.allocate(Math.multiplyExact(tokens.length, dtype.itemsize()))
                .order(dtype.bigEndian() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < tokens.length; i++) {
            String t = tokens[i];
            try {
                if (dtype.kind() == 'f') {
                    double v = Double.parseDouble(t);
                    if (dtype.itemsize() == 4) out.putFloat((float) v);
                    else out.putDouble(v);
                } else {
                    long v = dtype.kind() == 'u' && dtype.itemsize() == 8 ? Long.parseUnsignedLong(t) : Long.parseLong(t);
                    if (!fits(v, dtype)) throw new Refused(file + ": value " + (i + 1) + " (" + t + ") does not fit " + dtype.text());
                    switch (dtype.itemsize()) {
                        case 1 -> out.put((byte) v);
                        case 2 -> out.putShort((short) v);
                        case 4 -> out.putInt((int) v);
                        default -> out.putLong(v);
                    }
                }
            } catch (NumberFormatException e) {
                throw new Refused(file + ": value " + (i + 1) + " (" + t + ") is not a number");
            }
        }
        return new EncodeInput(out.array(), dtype, tokens.length + " values (" + dtype.text() + ") read from " + file);
    }

    private static boolean fits(long v, Dtype d) {
        if (d.itemsize() == 8) return true;
        int bits = 8 * d.itemsize();
        return d.kind() == 'u' ? v >= 0 && v < (1L << bits) : v >= -(1L << (bits - 1)) && v < (1L << (bits - 1));
    }
}
