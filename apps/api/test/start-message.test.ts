import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_PASSWORD, DEMO_USERS } from "@costflow/db/seed";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./helpers/free-port.ts";

// The server as `npm start` runs it (apps/api/src/main.ts in a process of its own, embedded
// database in a fresh directory), its standard output read as a newcomer would.
const root = fileURLToPath(new URL("../../../", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "costflow-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// `npm start` runs the embedded database whatever the environment says (DATABASE_URL is removed
// below): the PostgreSQL pass would run the very same test again.
describe.skipIf(Boolean(process.env.DATABASE_URL))("npm start", () => {
  it("prints one line with the URL and the demo logins, and no line per request", async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1" };
    env.PGLITE_DATA_DIR = dataDir;
    for (const name of ["DATABASE_URL", "DATABASE_SCHEMA", "LOG_LEVEL", "NODE_ENV", "SMTP_URL"])
      delete env[name];
    const server = spawn(join(root, "node_modules/.bin/tsx"), ["apps/api/src/main.ts"], { cwd: root, env });
    let stdout = "";
    server.stdout.on("data", (chunk) => {
      stdout += String(chunk);
    });
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      const deadline = Date.now() + 150_000;
      while (!stdout.includes("Costflow is running") && Date.now() < deadline && server.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 200));
      const base = `http://127.0.0.1:${port}/api/v1`;
      expect((await fetch(`${base}/auth/users/me/`)).status).toBe(401);
      const login = await fetch(`${base}/auth/jwt/create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: DEMO_USERS[0].email, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      server.kill("SIGTERM");
      await exited;
    }
    const lines = stdout.split("\n").filter((l) => l.trim() !== "");
    const start = lines.find((l) => l.startsWith("Costflow is running"));
    expect(start, stdout).toBeDefined();
    expect(start).toContain(`http://localhost:${port}`);
    for (const user of DEMO_USERS) expect(start).toContain(user.email);
    expect(start).toContain(DEMO_PASSWORD);
    // No request log lines (nor any other JSON log line at the default level).
    expect(
      lines.filter((l) => l.startsWith("{")),
      stdout,
    ).toEqual([]);
    expect(stdout).not.toContain("incoming request");
    expect(lines.length, stdout).toBeLessThanOrEqual(3);
  }, 200_000);
});
