// Writes a model bundle folder (shared/guide/model-bundle.md) from plain rows. The template
// generator uses it; the engine's writer is not used because the db package does not depend on
// the engine.

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type Cell = string | number | boolean | null;
export type Table = { header: string[]; rows: Cell[][] };

export interface TemplateBundle {
  model: {
    name: string;
    short_description: string;
    scenario: { name: string; description: string; currency: string; period_from: string; period_to: string };
  };
  settings: { step2_strategy: "not_allocate" | "rebalance"; profit_line: string };
  /** File name (e.g. "accounts.csv", "records/CUSTOMERS.csv") -> table. */
  tables: Record<string, Table>;
}

function cell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value}`);
    return String(value);
  }
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function writeTemplate(dir: string, bundle: TemplateBundle): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "records"), { recursive: true });
  writeFileSync(join(dir, "model.json"), `${JSON.stringify(bundle.model, null, 2)}\n`);
  writeFileSync(join(dir, "settings.json"), `${JSON.stringify(bundle.settings, null, 2)}\n`);
  for (const [file, table] of Object.entries(bundle.tables)) {
    const lines = [table.header.join(","), ...table.rows.map((r) => r.map(cell).join(","))];
    writeFileSync(join(dir, file), `${lines.join("\n")}\n`);
  }
}

/** A small deterministic generator (mulberry32), so templates are reproducible. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A positive value around `median` with a spread (log-normal). */
  around(median: number, spread: number): number {
    const u = Math.max(1e-9, this.next());
    const v = this.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(spread * z);
  }

  /** A date of `year` (YYYY-MM-DD), uniformly. */
  date(year: number): string {
    const day = this.int(0, 364);
    return new Date(Date.UTC(year, 0, 1 + day)).toISOString().slice(0, 10);
  }
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * Scales the base amounts of the accounts so that they sum to about `total`, with cents that look
 * like a ledger's (deterministic).
 */
export function scaleAmounts(base: number[], total: number, rng: Random): number[] {
  const sum = base.reduce((a, b) => a + b, 0);
  return base.map((b) => round2((b / sum) * total * rng.range(0.985, 1.015)));
}
