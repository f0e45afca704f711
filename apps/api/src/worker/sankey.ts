import type { Sankey } from "@costflow/contract/calculation";
import { byCode } from "@costflow/engine/calc/context";
import { toMajor } from "@costflow/engine/calc/decimal";
import type { CalcResult } from "@costflow/engine/calc/result-types";
import type { ModelData } from "@costflow/engine/model/types";

// The money of a run as a Sankey: accounts -> cost pools (step 1), indirect -> direct pools
// (step 2, exits only: reciprocal flows would make cycles), pools -> activities (step 3),
// activities -> dimensions (step 4), plus what each level leaves unallocated. To stay readable,
// each level keeps its largest items and merges the rest into one "other" node.

const SANKEY_ITEMS_PER_LEVEL = 12;

type Level = "account" | "pool" | "activity" | "dimension";
type StoredSankey = Omit<Sankey, "calculation_id">;

type Link = { source: string; target: string; value: number };
type Through = Map<string, { in: number; out: number }>;

export function buildSankey(
  model: ModelData,
  result: CalcResult,
  perLevel = SANKEY_ITEMS_PER_LEVEL,
): StoredSankey {
  const names = new Map<string, string>();
  for (const a of model.accounts) names.set(`account:${a.code}`, a.name);
  for (const p of model.pools) names.set(`pool:${p.code}`, p.name);
  for (const a of model.activities) names.set(`activity:${a.code}`, a.name);
  for (const d of model.dimensions) names.set(`dimension:${d.code}`, d.name);

  const raw = rawLinks(result);
  const { mapped, members } = mergedItems(moneyThrough(raw), perLevel);
  const merged = new Map<string, Link>();
  for (const l of raw) {
    const source = mapped.get(l.source)!;
    const target = mapped.get(l.target)!;
    if (source === target) continue;
    const key = `${source}\u0000${target}`;
    const link = merged.get(key) ?? { source, target, value: 0 };
    link.value += l.value;
    merged.set(key, link);
  }
  const d = result.minorDigits;
  const links = [...merged.values()]
    .map((l) => ({ source: l.source, target: l.target, value: toMajor(l.value, d) }))
    .sort((a, b) => byCode(a.source, b.source) || byCode(a.target, b.target));
  return {
    currency: result.currency,
    nodes: sankeyNodes(moneyThrough(merged.values()), names, members, d),
    links,
  };
}

/** Raw links in minor units, by node id. */
function rawLinks(result: CalcResult): Link[] {
  const raw: Link[] = [];
  const add = (source: string, target: string, value: number) => {
    if (value > 0) raw.push({ source, target, value });
  };
  for (const f of result.step1.flows) add(`account:${f.source}`, `pool:${f.destination}`, f.amount);
  for (const a of result.accounts) add(`account:${a.code}`, "unallocated:account", a.unallocated);
  for (const f of result.step2.flows)
    if (!f.reciprocal) add(`pool:${f.source}`, `pool:${f.destination}`, f.amount);
  for (const f of result.step3.flows) add(`pool:${f.source}`, `activity:${f.destination}`, f.amount);
  for (const p of result.pools) add(`pool:${p.code}`, "unallocated:pool", p.unallocated);
  for (const a of result.activities) {
    if (a.dimension !== null) add(`activity:${a.code}`, `dimension:${a.dimension}`, a.allocated);
    add(`activity:${a.code}`, "unallocated:activity", a.unallocated);
  }
  return raw;
}

/** The money into and out of each node of the links. */
function moneyThrough(links: Iterable<Link>): Through {
  const through: Through = new Map();
  for (const l of links) {
    const s = through.get(l.source) ?? { in: 0, out: 0 };
    s.out += l.value;
    through.set(l.source, s);
    const t = through.get(l.target) ?? { in: 0, out: 0 };
    t.in += l.value;
    through.set(l.target, t);
  }
  return through;
}

const levelOf = (id: string): Level => {
  const [kind, rest] = [id.slice(0, id.indexOf(":")), id.slice(id.indexOf(":") + 1)];
  return (kind === "unallocated" ? rest : kind) as Level;
};

/**
 * Keep the largest items of each level (by the money through them), merge the rest: the node
 * each item is drawn as, and how many items each drawn node stands for.
 */
function mergedItems(through: Through, perLevel: number) {
  const size = (id: string) => {
    const t = through.get(id)!;
    return Math.max(t.in, t.out);
  };
  const mapped = new Map<string, string>();
  const members = new Map<string, number>();
  const byLevel = new Map<Level, string[]>();
  for (const id of through.keys()) {
    if (id.startsWith("unallocated:")) {
      mapped.set(id, id);
      continue;
    }
    const level = levelOf(id);
    byLevel.set(level, [...(byLevel.get(level) ?? []), id]);
  }
  for (const [level, idsOfLevel] of byLevel) {
    idsOfLevel.sort((a, b) => size(b) - size(a) || byCode(a, b));
    idsOfLevel.forEach((id, i) => {
      // Merging a single leftover item would only rename it.
      const keep = i < perLevel || idsOfLevel.length === perLevel + 1;
      const target = keep ? id : `${level}:other`;
      mapped.set(id, target);
      members.set(target, (members.get(target) ?? 0) + 1);
    });
  }
  return { mapped, members };
}

/** The drawn nodes, level by level, items before "other" and unallocated, largest first. */
function sankeyNodes(
  totals: Through,
  names: Map<string, string>,
  members: Map<string, number>,
  d: number,
): StoredSankey["nodes"] {
  const order: Level[] = ["account", "pool", "activity", "dimension"];
  return [...totals.keys()]
    .map((id) => {
      const level = levelOf(id);
      const kind = id.startsWith("unallocated:")
        ? "unallocated"
        : id.endsWith(":other") && !names.has(id)
          ? "other"
          : "item";
      const code = kind === "item" ? id.slice(id.indexOf(":") + 1) : null;
      const t = totals.get(id)!;
      return {
        id,
        level,
        code,
        name: kind === "item" ? (names.get(id) ?? code) : null,
        kind: kind as "item" | "other" | "unallocated",
        members: kind === "item" ? 1 : (members.get(id) ?? 0),
        value: toMajor(Math.max(t.in, t.out), d),
      };
    })
    .sort(
      (a, b) =>
        order.indexOf(a.level) - order.indexOf(b.level) ||
        Number(a.kind !== "item") - Number(b.kind !== "item") ||
        b.value - a.value ||
        byCode(a.id, b.id),
    );
}
