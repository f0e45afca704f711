// Ports and files shared by the Playwright config, the global setup and the tests.
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1425);
export const MAIL_FILE = join(tmpdir(), `costflow-e2e-mail-${PORT}.jsonl`);
