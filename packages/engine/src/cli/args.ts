// A small argv parser: positionals and "--name value" / "--name=value" options.

export class UsageError extends Error {}

interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
}

export function parseArgs(
  argv: readonly string[],
  valued: readonly string[],
  flags: readonly string[] = [],
): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (flags.includes(name)) {
      options.set(name, "true");
      continue;
    }
    if (!valued.includes(name)) throw new UsageError(`Unknown option --${name}`);
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === "") throw new UsageError(`--${name} needs a value`);
    options.set(name, value);
  }
  return { positionals, options };
}

export function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--${name} must be a non-negative integer, not "${value}"`);
  return n;
}
