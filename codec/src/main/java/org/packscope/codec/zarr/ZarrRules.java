package org.packscope.codec.zarr;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/** Every rule the Zarr reader checks. */
public final class ZarrRules implements RuleCatalogue {
    public static final Rule METADATA_UNREADABLE = Rule.error("zarr_metadata_unreadable",
            "a .zarray, .zgroup, .zattrs, .zmetadata or zarr.json file cannot be read or is not valid JSON");
    public static final Rule METADATA_KEY_MISSING = Rule.error("zarr_metadata_key_missing",
            "a key the Zarr spec requires in array or group metadata is absent");
    public static final Rule METADATA_INVALID = Rule.error("zarr_metadata_invalid",
            "a metadata value has the wrong JSON type or a value the spec does not allow");
    public static final Rule UNSUPPORTED_DTYPE = Rule.error("zarr_unsupported_dtype",
            "the array's data type is not one PackScope decodes (object, datetime, structured, unicode arrays)");
    public static final Rule UNKNOWN_CODEC = Rule.error("zarr_unknown_codec",
            "a compressor, filter or codec id that PackScope does not know: the chunks cannot be decoded");
    public static final Rule CHUNK_UNREADABLE = Rule.error("zarr_chunk_unreadable",
            "a chunk file exists but cannot be read");
    public static final Rule CHUNK_UNDECODABLE = Rule.error("zarr_chunk_undecodable",
            "a chunk's codec failed on its bytes: the chunk reads as the fill value");
    public static final Rule CHUNK_SIZE = Rule.error("zarr_chunk_size",
            "a chunk (or one codec stage of it) holds a different number of bytes than the chunk shape, data type and codecs call for");
    public static final Rule CRC32C_MISMATCH = Rule.error("zarr_crc32c_mismatch",
            "the crc32c checksum stored after a chunk or shard index differs from the crc32c of the bytes before it");
    public static final Rule SHARD_INDEX = Rule.error("zarr_shard_index",
            "a shard index entry points outside its shard, or the index cannot be read: the inner chunk reads as the fill value");
    public static final Rule CHUNK_TOO_LARGE = Rule.error("zarr_chunk_too_large",
            "one chunk's decoded bytes would exceed what PackScope addresses in memory (2 GB)");

    public static final Rule PATH_OUTSIDE_STORE = Rule.error("zarr_path_outside_store",
            "a chunk, member folder or metadata file leads outside the store's folder (through '..' or a symbolic link): it is not opened");
    public static final Rule KEY_INVALID = Rule.error("zarr_key_invalid",
            "a chunk key or key separator holds what no key may (NUL, control characters, '..', a separator other than '/' or '.')");
    public static final Rule METADATA_TOO_LARGE = Rule.error("zarr_metadata_too_large",
            "a metadata file is larger than PackScope reads whole (the limit is in the message): it is not read");
    public static final Rule CODEC_CHAIN_TOO_LONG = Rule.error("zarr_codec_chain_too_long",
            "an array lists more codecs and filters (shards' inner codecs included) than PackScope runs on one chunk (the limit is in the message)");

    @Override public String owner() { return "Zarr"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(ZarrRules.class); }
}
