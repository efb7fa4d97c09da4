package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** HDF5 type classes are named as the specification names them, never by jhdf's Java class. */
class TypeNamesTest {
    @Test
    void typeClassesInTheSpecificationsWords() {
        assertEquals("compound", Hdf5Nodes.typeClass("CompoundDataType"));
        assertEquals("integer", Hdf5Nodes.typeClass("FixedPoint"));
        assertEquals("opaque", Hdf5Nodes.typeClass("OpaqueDataType"));
        for (String c : new String[] {"CompoundDataType", "EnumDataType", "ArrayDataType", "SomethingNewDataType"}) {
            assertFalse(Hdf5Nodes.typeClass(c).contains("DataType"), c);
        }
    }
}
