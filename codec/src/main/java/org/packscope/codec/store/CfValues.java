package org.packscope.codec.store;

import org.packscope.codec.analysis.CfColumn;
import org.packscope.codec.analysis.CfConventions;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;

/**
 * The facet of a node whose values follow netCDF / CF conventions: its values (and 2-D
 * slices) are shown physical by default; {@link #show} switches every view of the node
 * (table, plot, heat map, export, decode) between physical and stored values.
 */
public final class CfValues {
    private final CfConventions conventions;
    private final ValueColumn stored;
    private final ArraySlices storedSlices;
    private final CfColumn physical;
    private final ArraySlices physicalSlices;

    private CfValues(CfConventions cf, ValueColumn stored, ArraySlices storedSlices) {
        this.conventions = cf;
        this.stored = stored;
        this.storedSlices = storedSlices;
        this.physical = new CfColumn(stored, cf);
        this.physicalSlices = storedSlices == null ? null : new CfSlices(storedSlices, cf);
    }

    /**
     * Gives {@code n} physical values when {@code cf} is not null and its values and slices
     * are of the stored type; returns the facet (also set on the node), or null when nothing
     * applies.
     */
    public static CfValues attach(Node n, CfConventions cf) {
        ValueColumn v = n.values();
        if (cf == null || v == null || !v.type().equals(cf.storedType())) return null;
        ArraySlices s = n.facet(ArraySlices.class);
        if (s != null && !s.type().equals(cf.storedType())) s = null;
        CfValues c = new CfValues(cf, v, s);
        n.facet(CfValues.class, c);
        c.show(n, true);
        for (String why : cf.ignored()) {
            n.diagnose(Diagnostic.warning(null, StoreRules.CF_ATTRIBUTE_IGNORED, why));
        }
        n.field("values shown", null, cf.description(), "netCDF / CF conventions applied to the values in every view and export;"
                + " 'Show stored values' shows them as stored");
        return c;
    }

    public CfConventions conventions() { return conventions; }

    public ValueColumn stored() { return stored; }

    public ValueColumn physical() { return physical; }

    /** Switches {@code n}'s values (and slices) to physical ({@code true}) or stored ones. */
    public void show(Node n, boolean physicalValues) {
        n.facet(ValueColumn.class, physicalValues ? physical : stored);
        if (storedSlices != null) n.facet(ArraySlices.class, physicalValues ? physicalSlices : storedSlices);
    }

    /** True while {@code n} shows physical values. */
    public boolean showsPhysical(Node n) { return n.values() == physical; }
}
