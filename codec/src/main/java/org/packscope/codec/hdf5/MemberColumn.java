package org.packscope.codec.hdf5;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** One member of a compound dataset as a column of its own (a compound is a table, one column per member). */
final class MemberColumn implements ValueColumn {
    private final DatasetColumn records;
    private final ElementCodec.Member member;

    private MemberColumn(DatasetColumn records, ElementCodec.Member member) {
        this.records = records;
        this.member = member;
    }

    static Node node(DatasetColumn records, ElementCodec.Member m) {
        MemberColumn c = new MemberColumn(records, m);
        return Node.of(m.name(), "hdf5-member").summary(m.codec().type.label() + " member")
                .field("type", null, m.codec().describe(), "type of this member of the compound")
                .field("offset", null, m.storedOffset() + " bytes", "where the member starts in each stored element")
                .facet(ValueColumn.class, c);
    }

    @Override public String name() { return member.name(); }
    @Override public ValueType type() { return member.codec().type; }
    @Override public long count() { return records.count(); }

    @Override public boolean mayHaveGaps() { return records.mayHaveGaps(); }

    @Override
    public void gaps(long start, byte[] dst, int off, int len) { records.gaps(start, dst, off, len); }

    @Override public String gapReason(long index) { return records.gapReason(index); }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        int rw = records.type().byteWidth(), w = member.codec().type.byteWidth();
        byte[] rows = new byte[len * rw];
        records.readRaw(start, len, rows, 0);
        for (int i = 0; i < len; i++) System.arraycopy(rows, i * rw + member.packedOffset(), dst, off + i * w, w);
    }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        ValueType t = type();
        if (!t.numeric()) throw new IllegalArgumentException(t.label() + " values have no numeric form");
        int w = t.byteWidth();
        byte[] b = new byte[len * w];
        readRaw(start, len, b, 0);
        for (int i = 0; i < len; i++) dst[off + i] = t.normalize(ElementCodec.bitsLE(b, i * w, w));
    }

    @Override
    public String text(long index) {
        byte[] b = new byte[type().byteWidth()];
        readRaw(index, 1, b, 0);
        return member.codec().text(b, 0);
    }
}
