// Entry of the BI Parquet writer's table thread (node:worker_threads). The code is TypeScript: tsx
// is registered first, in this thread, then the real entry is imported (as export-thread.mjs does).
import { register } from "tsx/esm/api";

register();
await import("./parquet-thread.ts");
