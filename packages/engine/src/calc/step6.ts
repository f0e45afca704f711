// Step 6: calculated-driver values pushed from parent records to child records, exactly as step 5
// pushes costs: the pushes of one driver run top-down, so a value pushed from customers to orders
// moves on to order lines by the next push (docs/engine.md, choice 7). Each record's value is
// rounded to minor units before splitting (fixed choice 6).

import { byCode, type CalcContext } from "./context.ts";
import { CalcError } from "./errors.ts";
import { orderPushes, type PushEngine, type PushRule } from "./pushes.ts";
import type { CalculatedDriverResult, PushResult, StepCheck } from "./result-types.ts";
import { step6SourceDimensions } from "./step6-sources.ts";

export function runStep6(
  ctx: CalcContext,
  drivers: CalculatedDriverResult[],
  pushes: PushEngine,
): { pushes: PushResult[]; check: StepCheck | null } {
  const dimensions = new Set(ctx.model.dimensions.map((d) => d.code));
  const plans = new Map<CalculatedDriverResult, PushRule[]>();
  const rules6 = ctx.model.rules.step6;
  // The driver each rule pushes: the one of its name on its parent dimension, else the first one
  // that earlier pushes bring there (chains such as customers -> orders -> order lines).
  const sources = step6SourceDimensions(drivers, rules6);
  rules6.forEach((r, i) => {
    const label = `Step 6 rule ${r.calculatedDriver}: ${r.parentDimension} -> ${r.childDimension}`;
    const named = drivers.some((d) => d.name === r.calculatedDriver);
    if (!named || !dimensions.has(r.parentDimension) || !dimensions.has(r.childDimension)) {
      throw new CalcError("UNKNOWN_REFERENCE", `${label}: unknown calculated driver or dimension`, {
        rule: label,
      });
    }
    const driver = drivers.find((d) => d.name === r.calculatedDriver && d.dimension === sources[i]);
    if (!driver) {
      throw new CalcError(
        "STEP6_DRIVER_UNREACHED",
        `${label}: calculated driver ${r.calculatedDriver} never reaches ${r.parentDimension} (it is not defined there and no earlier step-6 push of it ends there)`,
        { rule: label, calculatedDriver: r.calculatedDriver, parent: r.parentDimension },
      );
    }
    const list = plans.get(driver) ?? [];
    list.push({ parent: r.parentDimension, child: r.childDimension, split: r.split, label });
    plans.set(driver, list);
  });
  const results: PushResult[] = [];
  const c6 = { in: 0, allocated: 0, unallocated: 0, notAllocated: 0 };
  for (const driver of drivers) driver.resting.set(driver.dimension, driver.rounded);
  const ordered = [...plans.keys()].sort(
    (a, b) => byCode(a.dimension, b.dimension) || byCode(a.name, b.name),
  );
  for (const driver of ordered) {
    ctx.checkStop(6);
    const rules = orderPushes(`calculated driver ${driver.name}`, plans.get(driver)!, 6);
    const vectors = new Map<string, Float64Array>([[driver.dimension, driver.rounded.slice()]]);
    const vectorOf = (dim: string): Float64Array => {
      let v = vectors.get(dim);
      if (!v) {
        v = new Float64Array(ctx.recordCount(dim));
        vectors.set(dim, v);
      }
      return v;
    };
    for (const rule of rules) {
      const r = pushes.run(6, driver.name, driver.dimension, rule, vectorOf, null);
      c6.in += r.in;
      c6.allocated += r.allocated;
      c6.unallocated += r.unallocated;
      c6.notAllocated += r.notAllocated;
      results.push(r);
    }
    driver.resting = vectors;
  }
  const check: StepCheck | null =
    ctx.model.rules.step6.length > 0
      ? { step: 6, ...c6, ok: c6.in === c6.allocated + c6.unallocated + c6.notAllocated }
      : null;
  return { pushes: results, check };
}
