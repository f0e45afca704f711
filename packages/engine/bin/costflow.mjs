#!/usr/bin/env node
// The `costflow` command. The engine is TypeScript run as is: register tsx's loader, then load the
// command line from src/cli/main.ts.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
