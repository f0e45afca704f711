// Which calculated driver a step-6 rule pushes. Rules name a calculated driver by name only (as in
// a bundle's rules_step6.csv), and step 6 pushes "exactly as step 5 pushes costs", whose pushes
// chain top-down (customers -> orders -> order lines). So a rule from dimension P pushes the
// driver of that name defined on P; failing that, the first driver of that name (definition
// order) that earlier pushes of the same name bring to P. A rule that no driver of its name
// reaches pushes nothing: it is a validation error (docs/engine.md, choice 7).
// Shared by the engine (calc/step6.ts), the bundle reader and the API's rule save and import.

interface Step6Link {
  calculatedDriver: string;
  parentDimension: string;
  childDimension: string;
}

interface DriverName {
  name: string;
  dimension: string;
}

/**
 * For each rule (same order), the dimension of the calculated driver whose values it pushes, or
 * null when no driver of its name reaches its parent dimension. `drivers` in definition order.
 * Cycles are not reported here (the push order reports them with the rules).
 */
export function step6SourceDimensions(
  drivers: readonly DriverName[],
  rules: readonly Step6Link[],
): (string | null)[] {
  const definedOn = new Map<string, Set<string>>();
  for (const d of drivers) {
    let dims = definedOn.get(d.name);
    if (!dims) {
      dims = new Set();
      definedOn.set(d.name, dims);
    }
    dims.add(d.dimension);
  }
  const source: (string | null)[] = rules.map(() => null);
  const byName = new Map<string, number[]>();
  rules.forEach((r, i) => {
    const list = byName.get(r.calculatedDriver) ?? [];
    list.push(i);
    byName.set(r.calculatedDriver, list);
  });
  for (const d of drivers) {
    const own = byName.get(d.name);
    if (!own) continue;
    const dims = definedOn.get(d.name)!;
    // Walk down from the driver's dimension: a rule from a dimension that defines a driver of the
    // same name belongs to that driver, not to this one.
    const reached = new Set([d.dimension]);
    const frontier = [d.dimension];
    while (frontier.length) {
      const at = frontier.pop()!;
      if (at !== d.dimension && dims.has(at)) continue;
      for (const i of own) {
        const r = rules[i]!;
        if (r.parentDimension !== at || source[i] !== null) continue;
        source[i] = d.dimension;
        if (!reached.has(r.childDimension)) {
          reached.add(r.childDimension);
          frontier.push(r.childDimension);
        }
      }
    }
  }
  return source;
}
