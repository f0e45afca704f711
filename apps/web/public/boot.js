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
