#!/usr/bin/env node
// The README's start command: build the web app, then serve API + web on http://localhost:3000.
// Without DATABASE_URL the embedded PGlite database lives in ./.data/ (migrated and seeded on first start).
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { register } from "tsx/esm/api";

register();
// The server calculates in its threads: started with glibc's malloc asking for transparent huge
// pages (packages/engine/src/cli/huge-pages.ts; COSTFLOW_HUGE_PAGES=0 leaves the environment as is).
const { hugePageEnv } = await import("../packages/engine/src/cli/huge-pages.ts");

const root = new URL("..", import.meta.url).pathname;
if (process.env.COSTFLOW_SKIP_WEB_BUILD !== "1") {
  const b = spawnSync("npm", ["run", "build", "-w", "@costflow/web"], { cwd: root, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
// tsx directly (not through npx), so SIGINT/SIGTERM reach the server and it shuts down cleanly.
const server = spawn(join(root, "node_modules/.bin/tsx"), ["apps/api/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: hugePageEnv(process.env),
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
