package org.packscope.codec.binjson;

import org.packscope.codec.io.ByteSource;

/** What every value of one file needs to be read: its bytes, header and string table. */
record Document(ByteSource source, Header header, StringTable strings) { }
