// model.json and settings.json. Issues name the file, and the line and character column of the
// offending key (or of the syntax error).

import type { ModelInfo, PnlLine, Settings } from "../model/types.ts";
import type { BundleErrorCode, IssueCollector } from "./bundle-error.ts";
import { isDate } from "./csv-fields.ts";
import type { ReadContext } from "./read-context.ts";

async function readText(ctx: ReadContext, file: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  await ctx.source.read(file, (c) => chunks.push(c));
  let text = Buffer.concat(chunks).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}

function lineColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

class JsonFile {
  constructor(
    readonly file: string,
    readonly text: string,
    private readonly issues: IssueCollector,
  ) {}

  issue(key: string, code: BundleErrorCode, message: string): void {
    const at = key === "" ? -1 : this.text.indexOf(`"${key}"`);
    const { line, column } = at < 0 ? { line: 1, column: 1 } : lineColumn(this.text, at);
    this.issues.add({ code, file: this.file, line, column, columnName: key || undefined, message });
  }

  parse(): unknown {
    try {
      return JSON.parse(this.text);
    } catch (error) {
      const message = (error as Error).message;
      const m = /position (\d+)/.exec(message);
      const { line, column } = m ? lineColumn(this.text, Number(m[1])) : { line: 1, column: 1 };
      this.issues.add({ code: "json", file: this.file, line, column, message: `Invalid JSON: ${message}` });
      return undefined;
    }
  }

  object(value: unknown, key: string, allowed: readonly string[]): Record<string, unknown> | null {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.issue(key, "invalid_value", `${key || "The file"} must be a JSON object`);
      return null;
    }
    const obj = value as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      if (!allowed.includes(k)) this.issue(k, "unknown_column", `Unknown key "${k}"`);
    }
    return obj;
  }

  string(obj: Record<string, unknown>, key: string, fallback: string | null): string | null {
    const v = obj[key];
    if (v === undefined || v === null) {
      if (fallback === null) this.issue(key, "required", `"${key}" is required`);
      return fallback;
    }
    if (typeof v !== "string") {
      this.issue(key, "invalid_value", `"${key}" must be a string`);
      return null;
    }
    return v;
  }
}

const currencies = new Set<string>(Intl.supportedValuesOf("currency"));

export async function readModelJson(ctx: ReadContext): Promise<ModelInfo | null> {
  const file = "model.json";
  if (!ctx.source.files.has(file)) {
    ctx.issues.add({ code: "missing_file", file, line: 0, column: 0, message: "A bundle needs model.json" });
    return null;
  }
  const json = new JsonFile(file, await readText(ctx, file), ctx.issues);
  const root = json.parse();
  if (root === undefined) return null;
  const obj = json.object(root, "", ["name", "short_description", "scenario"]);
  if (!obj) return null;
  const name = json.string(obj, "name", null);
  const shortDescription = json.string(obj, "short_description", "");
  const scenario = json.object(obj.scenario ?? {}, "scenario", [
    "name",
    "description",
    "currency",
    "period_from",
    "period_to",
  ]);
  if (!scenario) return null;
  const scenarioName = json.string(scenario, "name", "");
  const description = json.string(scenario, "description", "");
  const currency = json.string(scenario, "currency", "EUR");
  if (currency !== null && !currencies.has(currency)) {
    json.issue("currency", "invalid_value", `"${currency}" is not an ISO 4217 currency code`);
  }
  const dates = (["period_from", "period_to"] as const).map((key) => {
    const v = json.string(scenario, key, null);
    if (v !== null && !isDate(v)) json.issue(key, "not_a_date", `"${v}" is not a date YYYY-MM-DD`);
    return v;
  });
  const [periodFrom, periodTo] = dates;
  if (periodFrom && periodTo && isDate(periodFrom) && isDate(periodTo) && periodFrom > periodTo) {
    json.issue("period_to", "invalid_value", `period_to ${periodTo} is before period_from ${periodFrom}`);
  }
  if ([name, shortDescription, scenarioName, description, currency, periodFrom, periodTo].includes(null))
    return null;
  return {
    name: name!,
    shortDescription: shortDescription!,
    scenario: {
      name: scenarioName!,
      description: description!,
      currency: currency!,
      periodFrom: periodFrom!,
      periodTo: periodTo!,
    },
  };
}

export async function readSettingsJson(ctx: ReadContext, pnlLines: PnlLine[]): Promise<Settings> {
  const settings: Settings = { step2Strategy: "not_allocate", profitLine: null };
  const file = "settings.json";
  if (!ctx.source.files.has(file)) return settings;
  const json = new JsonFile(file, await readText(ctx, file), ctx.issues);
  const root = json.parse();
  if (root === undefined) return settings;
  const obj = json.object(root, "", ["step2_strategy", "profit_line"]);
  if (!obj) return settings;
  const strategy = json.string(obj, "step2_strategy", "not_allocate");
  if (strategy === "not_allocate" || strategy === "rebalance") settings.step2Strategy = strategy;
  else if (strategy !== null) {
    json.issue("step2_strategy", "invalid_value", `"${strategy}" is not not_allocate or rebalance`);
  }
  const profitLine = obj.profit_line === null ? null : json.string(obj, "profit_line", "");
  if (profitLine) {
    if (pnlLines.some((l) => l.code === profitLine)) settings.profitLine = profitLine;
    else json.issue("profit_line", "unknown_reference", `Unknown P&L line "${profitLine}"`);
  }
  return settings;
}
