// Entry of the `costflow` command line (bin/costflow.mjs). Returns the exit code:
// 0 fine, 1 a conservation check failed, 2 the bundle has errors, 3 the calculation failed,
// 64 wrong usage.

import { BundleError, describeIssue } from "../bundle/bundle-error.ts";
import { CalcError } from "../calc/calculate.ts";
import { UsageError } from "./args.ts";
import { benchCommand } from "./bench-command.ts";
import { calcCommand } from "./calc-command.ts";

const USAGE = `Usage:
  costflow calc <bundle> [--json <file>]        read and calculate a model bundle (folder or .zip)
  costflow bench generate --size S|M|L [--profile light|dense] [--seed N] --out <dir>
                                                 write a deterministic benchmark bundle
  costflow bench run <bundle> [--runs N]         time reading and calculating (default 5 runs, 3 for L)
`;

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "calc":
        return await calcCommand(rest);
      case "bench":
        return await benchCommand(rest);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(USAGE);
        return command === undefined ? 64 : 0;
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`costflow: ${error.message}\n\n${USAGE}`);
      return 64;
    }
    if (error instanceof BundleError) {
      process.stderr.write(
        `\nThe bundle has ${error.issues.length} error(s)${error.truncated ? " (stopped there)" : ""}:\n`,
      );
      for (const issue of error.issues) process.stderr.write(`  ${describeIssue(issue)}\n`);
      return 2;
    }
    if (error instanceof CalcError) {
      process.stderr.write(`\nThe calculation failed [${error.code}]: ${error.message}\n`);
      if (Object.keys(error.details).length > 0) process.stderr.write(`  ${JSON.stringify(error.details)}\n`);
      return 3;
    }
    throw error;
  }
}
