// The push kernel's split of one parent's value over a run of 2 to 9 children (push-kernel.ts),
// written out child by child: the same arithmetic as its splitSmall, to the minor unit, for weight
// sums below 2^25 and |value| x max weight + weight sum below 2^52. Floors and remainders in
// doubles; the s - sum(floors) missing units to the largest remainders, ties to the first child:
// key = remainder x 32 + (31 - j) is distinct, a child's rank is the number of greater keys (each
// pair compared once, by the sign bit of the difference), and the first k ranks get a unit. Then
// negated for a negative value (+0: no negative zeros), added to `into`, when the push keeps
// its detail written to `received`, and when it rolls up child by child (roll-detail.ts) added to
// rollSums[rollMap[position]] (the roll-up map in child-list order). Children are list positions start..start+m-1, records
// ids[position] (or the position itself when `ids` is null).
//
// Why written out: a run of 2 to 9 children went through loops whose exits mispredicted
// on every parent (run lengths change from one parent to the next) and whose values went through
// scratch arrays; written out, each run length is straight code with its values in registers. At
// dense M the pushes took 29 % less time (docs/performance.md, "Session 20"). The text of each
// function is built here, from constants only (no input reaches it), and compiled once when the
// module loads: `runSplitSource(m)` shows what runs.

export type RunSplit = (
  s: number,
  negative: boolean,
  wt: Float64Array,
  w: number,
  start: number,
  ids: Int32Array | null,
  received: Float64Array | null,
  into: Float64Array,
  rollMap: Int32Array | null,
  rollSums: Float64Array | null,
) => void;

/** The longest run with a written-out split. */
export const UNROLLED_MAX = 9;

const PARAMETERS = [
  "s",
  "negative",
  "wt",
  "w",
  "start",
  "ids",
  "received",
  "into",
  "rollMap",
  "rollSums",
] as const;

/** The body of the split over m children (2 <= m <= 32), as compiled. */
export function runSplitSource(m: number): string {
  if (!Number.isInteger(m) || m < 2 || m > 32) throw new RangeError(`run length ${m}: 2 to 32`);
  const js = Array.from({ length: m }, (_, j) => j);
  const lines = ['"use strict";', "const inv = 1 / w;"];
  for (const j of js) {
    lines.push(
      `const x${j} = s * wt[start + ${j}];`,
      `let q${j} = Math.floor(x${j} * inv);`,
      `let r${j} = x${j} - q${j} * w;`,
      `while (r${j} < 0) { q${j} -= 1; r${j} += w; }`,
      `while (r${j} >= w) { q${j} += 1; r${j} -= w; }`,
    );
  }
  lines.push(`const k = s - (${js.map((j) => `q${j}`).join(" + ")});`, "if (k > 0) {");
  for (const j of js) lines.push(`const k${j} = (r${j} * 32 + ${31 - j}) | 0;`, `let n${j} = 0;`);
  for (const i of js) {
    for (const j of js.slice(i + 1)) {
      lines.push(`{ const d = (k${i} - k${j}) >>> 31; n${i} += d; n${j} += 1 - d; }`);
    }
  }
  for (const j of js) lines.push(`q${j} += (n${j} - k) >>> 31;`);
  lines.push("}", "if (negative) {");
  for (const j of js) lines.push(`q${j} = -q${j} + 0;`);
  lines.push("}", "if (ids === null) {");
  for (const j of js) {
    lines.push(`if (received !== null) received[start + ${j}] = q${j};`, `into[start + ${j}] += q${j};`);
  }
  lines.push("} else {");
  for (const j of js) {
    lines.push(
      `{ const id = ids[start + ${j}]; if (received !== null) received[id] = q${j}; into[id] += q${j}; }`,
    );
  }
  lines.push("}", "if (rollSums !== null) {");
  for (const j of js) {
    lines.push(`{ const y = rollMap[start + ${j}]; if (y >= 0) rollSums[y] += q${j}; }`);
  }
  lines.push("}");
  return lines.join("\n");
}

function compile(m: number): RunSplit {
  // Built from constants only (runSplitSource), never from input.
  return new Function(...PARAMETERS, runSplitSource(m)) as RunSplit;
}

/** RUN_SPLITS[m]: the split over m children (2 <= m <= UNROLLED_MAX); null below 2. */
export const RUN_SPLITS: readonly (RunSplit | null)[] = Array.from({ length: UNROLLED_MAX + 1 }, (_, m) =>
  m < 2 ? null : compile(m),
);
