// Entry of an export thread (node:worker_threads). The code is TypeScript: tsx is registered
// first, in this thread, then the real entry is imported (as calculation-thread.mjs does).
import { register } from "tsx/esm/api";

register();
await import("./export-thread.ts");
