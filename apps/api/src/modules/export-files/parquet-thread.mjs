// Entry of the BI Parquet writer's table thread (node:worker_threads).
// The code is TypeScript, loaded by lib/thread-module.mjs (a bundle kept fresh, or tsx).
import { loadThreadModule } from "../../lib/thread-module.mjs";

await loadThreadModule(new URL("./parquet-thread.ts", import.meta.url));
