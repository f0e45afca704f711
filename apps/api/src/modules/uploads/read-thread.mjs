// Entry of an upload reading thread (node:worker_threads).
// The code is TypeScript, loaded by lib/thread-module.mjs (a bundle kept fresh, or tsx).
import { loadThreadModule } from "../../lib/thread-module.mjs";

await loadThreadModule(new URL("./read-thread.ts", import.meta.url));
