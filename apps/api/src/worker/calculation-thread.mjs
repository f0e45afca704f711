// Entry of a calculation thread (node:worker_threads).
// The code is TypeScript, loaded by lib/thread-module.mjs (a bundle kept fresh, or tsx).
import { loadThreadModule } from "../lib/thread-module.mjs";

await loadThreadModule(new URL("./calculation-thread.ts", import.meta.url));
