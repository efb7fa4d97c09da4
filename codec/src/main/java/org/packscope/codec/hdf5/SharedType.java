package org.packscope.codec.hdf5;

import io.jhdf.HdfFile;
import io.jhdf.ObjectHeader;
import io.jhdf.api.Dataset;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.message.DataTypeMessage;

import org.packscope.codec.io.ByteSource;

/**
 * A dataset's datatype when its header only points at a named (committed) datatype, as
 * netCDF-4 does for every compound and enum type. jhdf 0.13 reads such a pointer as if
 * it were the type itself (a 0-byte "time" type); this finds the shared datatype
 * message in the header's first block and reads the type from the named object it
 * points at.
 */
final class SharedType {
    private static final int DATATYPE = 3;
    private static final int SHARED = 0x02;

    private SharedType() { }

    static DataType of(Dataset d, ByteSource src, long base, HdfFile file) {
        DataType jhdf = d.getDataType();
        try {
            long target = sharedTarget(src, base + d.getAddress());
            if (target < 0) return jhdf;
            ObjectHeader oh = ObjectHeader.readObjectHeader(file.getHdfBackingStorage(), target);
            if (!oh.hasMessageOfType(DataTypeMessage.class)) return jhdf;
            return oh.getMessageOfType(DataTypeMessage.class).getDataType();
        } catch (RuntimeException e) {
            return jhdf;
        }
    }

    /** The address of the named datatype the header's datatype message points at, or -1. */
    private static long sharedTarget(ByteSource s, long at) {
        if (s.has(at, 4) && s.i32le(at) == 0x5244484f) {
            if (!s.has(at, 6)) return -1;
            int flags = s.u8(at + 5);
            long p = at + 6 + ((flags & 0x20) != 0 ? 16 : 0) + ((flags & 0x10) != 0 ? 4 : 0);
            int width = 1 << (flags & 3);
            if (!s.has(p, width)) return -1;
            long size = width == 8 ? s.i64le(p) : width == 4 ? s.u32le(p) : width == 2 ? s.u16le(p) : s.u8(p);
            p += width;
            long end = p + size;
            boolean order = (flags & 0x04) != 0;
            while (p + 4 <= end && s.has(p, 4)) {
                int type = s.u8(p);
                int len = s.u16le(p + 1);
                int mflags = s.u8(p + 3);
                long data = p + 4 + (order ? 2 : 0);
                if (type == DATATYPE) return (mflags & SHARED) != 0 ? sharedAddress(s, data) : -1;
                p = data + len;
            }
            return -1;
        }
        if (!s.has(at, 16) || s.u8(at) != 1) return -1;
        int count = s.u16le(at + 2);
        long end = at + 16 + s.u32le(at + 8);
        long p = at + 16;
        for (int i = 0; i < count && p + 8 <= end && s.has(p, 8); i++) {
            int type = s.u16le(p);
            int len = s.u16le(p + 2);
            int mflags = s.u8(p + 4);
            if (type == DATATYPE) return (mflags & SHARED) != 0 ? sharedAddress(s, p + 8) : -1;
            p += 8 + len;
        }
        return -1;
    }

    private static long sharedAddress(ByteSource s, long p) {
        if (!s.has(p, 2)) return -1;
        int version = s.u8(p);
        long a = version == 1 ? p + 8 : p + 2;
        return s.has(a, 8) ? s.i64le(a) : -1;
    }
}
