package org.packscope.codec.pco;

/**
 * A chunk's metadata with its tANS tables built: immutable, so one instance serves
 * every thread and every page of the chunk.
 */
public final class ChunkDecoder {
    final ChunkMeta meta;
    final AnsTable deltaTable;
    final AnsTable primaryTable;
    final AnsTable secondaryTable;

    private ChunkDecoder(ChunkMeta meta) {
        this.meta = meta;
        this.deltaTable = meta.delta() == null ? null : AnsTable.of(meta.delta());
        this.primaryTable = AnsTable.of(meta.primary());
        this.secondaryTable = meta.secondary() == null ? null : AnsTable.of(meta.secondary());
    }

    public static ChunkDecoder of(ChunkMeta meta) { return new ChunkDecoder(meta); }

    public ChunkMeta meta() { return meta; }

    AnsTable table(LatentVar.Role role) {
        return switch (role) {
            case DELTA -> deltaTable;
            case PRIMARY -> primaryTable;
            case SECONDARY -> secondaryTable;
        };
    }
}
