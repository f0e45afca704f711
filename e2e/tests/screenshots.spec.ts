// Screenshots of home, login and dashboard in light and dark, English and Arabic, saved under
// e2e/screenshots/ (git-ignored) for a person to look at.
import { fileURLToPath } from "node:url";
import { ADMIN, ALL_SHOTS, expect, login, shotVariants, test } from "./fixtures";

const dir = fileURLToPath(new URL("../screenshots/", import.meta.url));

for (const [lang, skin] of shotVariants(ALL_SHOTS)) {
  test(`screenshots ${lang} ${skin}`, async ({ page }) => {
    await page.addInitScript(
      ({ l, s }) => {
        localStorage.setItem("costflow.language", l);
        localStorage.setItem("costflow.skin", s);
      },
      { l: lang, s: skin },
    );
    await page.goto("/home");
    await expect(page.getByTestId("home-title")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await page.screenshot({ path: `${dir}home-${lang}-${skin}.png`, fullPage: true });

    await page.goto("/login");
    await expect(page.getByTestId("login-submit")).toBeVisible();
    await page.screenshot({ path: `${dir}login-${lang}-${skin}.png`, fullPage: true });

    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("total-models")).toBeVisible();
    // The server settings of the demo admin say English/light: apply the wanted ones again.
    await page.evaluate(
      ({ l, s }) => {
        localStorage.setItem("costflow.language", l);
        localStorage.setItem("costflow.skin", s);
      },
      { l: lang, s: skin },
    );
    await page.reload();
    await expect(page.getByTestId("total-models")).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}dashboard-${lang}-${skin}.png`, fullPage: true });
  });
}
