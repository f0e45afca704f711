// Entry of an upload reading thread (node:worker_threads). The code is TypeScript: tsx is
// registered first, in this thread, then the real entry is imported.
import { register } from "tsx/esm/api";

register();
await import("./read-thread.ts");
