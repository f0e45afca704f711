import { z } from "zod";

// The API's Content-Security-Policy forbids eval (docs/ARCHITECTURE.md, "Security headers"): zod
// probes `new Function` for its compiled fast path when a schema is built, and the probe is
// reported as a violation. Imported first by main.tsx, so it applies before any schema exists.
z.config({ jitless: true });
