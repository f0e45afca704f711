// Screenshots of the step-3 rules page with its sources panel, the step-4 rules page, the TDABC results and the Sankey in English and Arabic,
// light and dark, under e2e/screenshots/ (git-ignored) for a person to look at.
import { fileURLToPath } from "node:url";
import { openDemoScenario, useLook } from "./allocation-helpers";
import { ALL_SHOTS, expect, shotVariants, test } from "./fixtures";

const dir = fileURLToPath(new URL("../screenshots/", import.meta.url));

test.beforeAll(async ({ browser }) => {
  // The result views need a finished "all" run of the demo scenario.
  const page = await browser.newPage();
  await openDemoScenario(page);
  await page.goto("/model/scenarios/calculations");
  const latest = page.getByTestId("latest-run");
  await expect(latest).toBeVisible();
  if (!(await latest.textContent())?.includes("Finished")) {
    await page.getByTestId("start-calculation").click();
    await expect(latest).toContainText("Finished", { timeout: 90_000 });
  }
  await page.close();
});

for (const [lang, skin] of shotVariants(ALL_SHOTS)) {
  test(`allocation screenshots ${lang} ${skin}`, async ({ page }) => {
    await openDemoScenario(page);
    await useLook(page, lang, skin);

    await page.goto("/model/scenario/third-allocation");
    await expect(page.getByTestId("sources-panel")).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}allocation-step3-${lang}-${skin}.png`, fullPage: true });

    await page.goto("/model/scenario/fourth-allocation");
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.getByTestId("rules-table").locator("tbody tr").first()).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}allocation-step4-${lang}-${skin}.png`, fullPage: true });

    await page.goto("/report/results?page=tdabc");
    await expect(page.getByTestId("results-table")).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}allocation-tdabc-${lang}-${skin}.png`, fullPage: true });

    await page.goto("/report-visualization?type=sankey");
    await expect(page.getByTestId("sankey-chart").locator("svg")).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}allocation-sankey-${lang}-${skin}.png`, fullPage: true });
  });
}
