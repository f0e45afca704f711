// Entry of an export thread (node:worker_threads).
// The code is TypeScript, loaded by lib/thread-module.mjs (a bundle kept fresh, or tsx).
import { loadThreadModule } from "../../lib/thread-module.mjs";

await loadThreadModule(new URL("./export-thread.ts", import.meta.url));
