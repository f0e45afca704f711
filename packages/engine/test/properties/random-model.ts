// Random but valid models for property tests: every indirect pool has an exit (no closed loop),
// step-2 percentages stay <= 100%, weights are non-negative, pushes go customers -> orders.

import fc from "fast-check";
import type { ModelSpec } from "../calc/model-builder.ts";

const percent = fc.constantFrom(0, 5, 10, 12.5, 25, 33.3333, 40, 50, 100);
const amount = fc.integer({ min: -100_000_000, max: 100_000_000 }).map((c) => c / 100);
const weight = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(0.5, 1.25, 2.333));

export const randomModel: fc.Arbitrary<ModelSpec> = fc
  .record({
    accounts: fc.array(amount, { minLength: 1, maxLength: 5 }),
    indirect: fc.integer({ min: 0, max: 3 }),
    direct: fc.integer({ min: 1, max: 3 }),
    activities: fc.integer({ min: 1, max: 4 }),
    customers: fc.array(weight, { minLength: 1, maxLength: 6 }),
    orders: fc.array(fc.tuple(fc.nat(), weight), { maxLength: 10 }),
    seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
    percents: fc.array(percent, { minLength: 64, maxLength: 64 }),
    strategy: fc.constantFrom("not_allocate" as const, "rebalance" as const),
  })
  .map((r) => {
    let k = 0;
    const pick = () => r.seed[k++ % r.seed.length]!;
    const pct = () => r.percents[k++ % r.percents.length]!;
    const indirect = Array.from({ length: r.indirect }, (_, i) => `S${i}`);
    const direct = Array.from({ length: r.direct }, (_, i) => `D${i}`);
    const allPools = [...indirect, ...direct];
    const activities = Array.from({ length: r.activities }, (_, i) => `T${i}`);
    const spec: ModelSpec = {
      accounts: r.accounts.map((a, i) => [`A${i}`, a]),
      pools: [
        ...indirect.map((p) => [p, false] as [string, boolean]),
        ...direct.map((p) => [p, true] as [string, boolean]),
      ],
      poolDrivers: [["d", false]],
      poolDriverValues: allPools.map((p) => ["d", p, pick() % 4]),
      activities: activities.map((t, i) => [t, direct[i % direct.length]!, false]),
      dimensions: [
        ["CUST", null],
        ["ORDERS", "CUST"],
      ],
      drivers: { CUST: ["w"], ORDERS: ["w"] },
      records: {
        CUST: r.customers.map((w, i) => ({ identifier: `C${i}`, w })),
        ORDERS: r.orders.map(([c, w], i) => ({
          identifier: `O${i}`,
          CUST_ID: `C${c % r.customers.length}`,
          w,
        })),
      },
      step1: [],
      step2: [],
      step3: [],
      step4: [],
      step5: [],
      pnl: [],
      settings: { step2Strategy: r.strategy },
    };
    r.accounts.forEach((_, i) => {
      const n = pick() % 3;
      for (let j = 0; j < n; j++)
        spec.step1!.push([`A${i}`, allPools[pick() % allPools.length]!, "PERCENTAGE", pct()]);
      if (pick() % 2) {
        const g = pct();
        spec.step1!.push([`A${i}`, allPools[0]!, "DRIVER", g, "d"]);
        spec.step1!.push([`A${i}`, allPools[allPools.length - 1]!, "DRIVER", g, "d"]);
      }
    });
    for (const s of indirect) {
      // 40% to a direct pool keeps an exit; up to 2 x 25% elsewhere keeps T <= 90%.
      spec.step2!.push([s, direct[pick() % direct.length]!, "PERCENTAGE", 40]);
      for (let j = 0; j < 2; j++) {
        const dest = allPools[pick() % allPools.length]!;
        if (dest !== s) spec.step2!.push([s, dest, "PERCENTAGE", 25]);
      }
    }
    for (const p of direct) {
      for (const t of activities) if (pick() % 2) spec.step3!.push([p, t, pct() / 2, null]);
    }
    for (const t of activities) {
      const dim = pick() % 3 === 0 ? "ORDERS" : "CUST";
      const kind = pick() % 3;
      spec.step4!.push(
        kind === 0
          ? [t, dim, "EVEN"]
          : kind === 1
            ? [t, dim, "DRIVER", "w"]
            : [t, dim, "FORMULA", null, "=w*2+1"],
      );
      if (dim === "CUST" && pick() % 2) {
        spec.step5!.push([t, "CUST", "ORDERS", ["EVEN", "DRIVER:w", "NOT_ALLOCATE", "=w+1"][pick() % 4]!]);
      }
      spec.pnl!.push({ code: `L_${t}`, category: "ACT", activity: t, factor: -1, rank: 1 });
    }
    spec.pnl!.push({ code: "NET", category: "AGG", rank: 9 });
    for (const line of spec.pnl!) if (line.code !== "NET") line.parent = "NET";
    return spec;
  });

/** The same model with every list given in another order (the builder re-sorts records). */
export function shuffled(spec: ModelSpec, seed: number): ModelSpec {
  let state = seed || 1;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const mix = <T>(list: T[] | undefined): T[] | undefined => {
    if (!list) return list;
    const copy = list.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return {
    ...spec,
    accounts: mix(spec.accounts),
    pools: mix(spec.pools),
    poolDriverValues: mix(spec.poolDriverValues),
    activities: mix(spec.activities),
    dimensions: mix(spec.dimensions),
    records: Object.fromEntries(Object.entries(spec.records ?? {}).map(([d, rows]) => [d, mix(rows)!])),
    step1: mix(spec.step1),
    step2: mix(spec.step2),
    step3: mix(spec.step3),
    step4: mix(spec.step4),
    step5: mix(spec.step5),
    pnl: mix(spec.pnl),
  };
}
