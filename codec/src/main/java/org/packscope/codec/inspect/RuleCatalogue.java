package org.packscope.codec.inspect;

import java.util.List;
import java.util.ServiceLoader;

/**
 * The rules one format (or shared part of the codec) checks, as data: {@code check
 * --list-rules} prints them and a test proves every diagnostic PackScope emits names a
 * catalogued rule. Catalogues are found through {@link ServiceLoader}.
 */
public interface RuleCatalogue {

    /** Who checks these rules, for people: "Pco", "Blosc", "shared". */
    String owner();

    List<Rule> rules();

    /** Every catalogue on the class path, in the order of their {@code META-INF/services} entries. */
    static List<RuleCatalogue> all() {
        return ServiceLoader.load(RuleCatalogue.class, RuleCatalogue.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();
    }

    /**
     * The public static {@link Rule} constants of {@code holder}, in declaration order: a
     * format keeps its rules as constants (so code names them) and lists them from there.
     */
    static List<Rule> constantsOf(Class<?> holder) {
        List<Rule> out = new java.util.ArrayList<>();
        for (java.lang.reflect.Field f : holder.getDeclaredFields()) {
            int m = f.getModifiers();
            if (f.getType() == Rule.class && java.lang.reflect.Modifier.isStatic(m) && java.lang.reflect.Modifier.isPublic(m)) {
                try {
                    out.add((Rule) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return out;
    }
}
