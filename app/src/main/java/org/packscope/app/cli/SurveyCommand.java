package org.packscope.app.cli;

import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import org.packscope.codec.format.CompressionSurvey;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;

@Command(name = "survey", description = {
        "How would these numbers compress? Encodes the values of PATH (a file, or an inner",
        "path after ::) with every codec setting PackScope can write (Blosc codecs x shuffles x",
        "levels, zlib, zstd, LZ4), decodes them back, and prints one row per setting, smallest",
        "first: encoded bytes, ratio, encode and decode MB/s of raw data, and whether every byte",
        "came back. A column bigger than --sample-mb is surveyed on runs of consecutive values",
        "spread over all of it, and the first line says so."})
final class SurveyCommand implements Callable<Integer> {

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "PATH")
    String path;

    @Option(names = "--sample-mb", paramLabel = "MB", description = "raw megabytes surveyed at most (default: ${DEFAULT-VALUE})")
    double sampleMb = CompressionSurvey.DEFAULT_SAMPLE_BYTES / (double) (1 << 20);

    @Override
    public Integer call() {
        if (!(sampleMb > 0) || sampleMb > 1024) {
            cli.err.println("packscope: --sample-mb must be more than 0 and at most 1024");
            return Cli.EXIT_USAGE;
        }
        Node node = Targets.targetOrExplain(cli, path);
        if (node == null) return Cli.EXIT_USAGE;
        ValueColumn column = node.values();
        if (column == null || !column.type().numeric() || column.count() == 0) {
            cli.err.println("packscope: " + PlainText.escape(path) + " holds no numbers to survey");
            return Cli.EXIT_USAGE;
        }
        CompressionSurvey.Result r;
        try {
            r = CompressionSurvey.of(column, (long) (sampleMb * (1 << 20)), Progress.NONE);
        } catch (IllegalArgumentException e) {
            cli.err.println("packscope: " + PlainText.escape(path) + ": " + e.getMessage());
            return Cli.EXIT_USAGE;
        }
        long raw = r.surveyed() * r.type().byteWidth();
        cli.out.printf(Locale.ROOT, "%s: %,d values of %s%s%n", PlainText.escape(path), r.values(), r.type().label(),
                r.sampled() ? String.format(Locale.ROOT, "; surveyed on a sample of %,d values (%,d bytes) in runs spread over all of them",
                        r.surveyed(), raw) : String.format(Locale.ROOT, " (%,d bytes), all surveyed", raw));
        cli.out.printf(Locale.ROOT, "%-7s %-32s %14s %8s %11s %11s  %s%n", "family", "setting", "bytes", "ratio", "encode MB/s", "decode MB/s", "round trip");
        boolean allExact = true;
        for (CompressionSurvey.Row row : r.rows()) {
            allExact &= row.exact();
            cli.out.printf(Locale.ROOT, "%-7s %-32s %,14d %8.2f %11.0f %11.0f  %s%n", row.family(), row.setting(), row.encodedBytes(),
                    row.ratio(), row.encodeMBps(), row.decodeMBps(), row.exact() ? "exact" : "DIFFERS");
        }
        // a codec that does not give back its input is PackScope's bug: said, and the exit status shows it
        return allExact ? 0 : 1;
    }
}
