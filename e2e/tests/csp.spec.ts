import { ADMIN, expect, login, test } from "./fixtures";

// The built app under the API's Content-Security-Policy (docs/ARCHITECTURE.md, "Security
// headers"): no inline script, so every script of index.html and of Vite's output must be a file.
test("the built web app runs under the Content-Security-Policy without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
    localStorage.setItem("costflow.skin", "dark");
  });

  const response = await page.goto("/login");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  // boot.js (the pre-paint skin script, once inline) ran: the stored dark skin is applied.
  await expect(page.locator("html")).toHaveAttribute("data-skin", "dark");

  await login(page, ADMIN);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/model/scenario/financial-accounts");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});
