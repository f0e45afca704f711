// Loaded by index.html before the app: a file, not an inline script, so the Content-Security-Policy
// can refuse every inline script (docs/ARCHITECTURE.md, "Security headers").
// Apply the persisted skin and direction before React starts, so the first paint matches.
try {
  const skin = localStorage.getItem("costflow.skin") || "light";
  const lang = localStorage.getItem("costflow.language") || "en";
  const root = document.documentElement;
  root.setAttribute("data-skin", skin);
  root.setAttribute("data-mantine-color-scheme", skin === "dark" ? "dark" : "light");
  root.setAttribute("lang", lang);
  root.setAttribute("dir", lang === "ar" ? "rtl" : "ltr");
} catch {
  // Storage blocked: keep the defaults.
}

// zod without its compiled fast path, set before any chunk loads: the CSP forbids eval, and zod's
// probe of `new Function` (made when the first object schema is built) is reported as a violation
// even though zod catches it. zod reads this object when it loads; main.tsx's lib/zod-jitless.ts
// sets the same for the unit tests and the dev server, but a shared chunk of schemas may be
// evaluated before the entry's own code, so the built app relies on this line.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
