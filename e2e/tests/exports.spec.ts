// Exports (docs/exports.md): a result table exported whole from its 'Export' menu; the BI template
// requested on /report-export, followed in the downloads list until it is processed, downloaded;
// screenshots of /report-export with its downloads list in English light and Arabic dark under
// /work/shots/exports/ (or EXPORT_SHOTS_DIR) for a person to look at.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { openDemoScenario, useLook } from "./allocation-helpers";
import { expect, test } from "./fixtures";

const shots = process.env.EXPORT_SHOTS_DIR ?? "/work/shots/exports/";

test.describe.configure({ mode: "serial" });

/** Status of the demo scenario's latest step-1 results: 200 once a calculation finished. */
function stepOneStatus(page: Page, scenario: number): Promise<number> {
  return page.evaluate(async (s) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem("accessToken")}` };
    return (await fetch(`/api/v1/calculation/account-results/?scenario=${s}&limit=1`, { headers })).status;
  }, scenario);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await browser.newPage();
  const { scenario } = await openDemoScenario(page);
  if ((await stepOneStatus(page, scenario)) !== 200) {
    await page.evaluate(async (s) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem("accessToken")}`,
        "content-type": "application/json",
      };
      await fetch("/api/v1/calculation/calculate-all/", {
        method: "POST",
        headers,
        body: JSON.stringify({ scenario: s }),
      });
    }, scenario);
    await expect
      .poll(() => stepOneStatus(page, scenario), { timeout: 240_000, intervals: [2_000] })
      .toBe(200);
    // The whole run (its report phase too) ends before the tests log in again.
    await expect
      .poll(
        () =>
          page.evaluate(async (s) => {
            const headers = { Authorization: `Bearer ${localStorage.getItem("accessToken")}` };
            const res = await fetch(`/api/v1/calculation/calculations/?scenario=${s}&limit=20`, { headers });
            const rows = ((await res.json()) as { results: { status: string }[] }).results;
            return rows.every((r) => !["REQUESTED", "IN_PROGRESS", "STARTED"].includes(r.status));
          }, scenario),
        { timeout: 240_000, intervals: [2_000] },
      )
      .toBe(true);
  }
  await page.close();
});

test("a result table is exported whole from its Export menu", async ({ page }) => {
  await openDemoScenario(page);
  await page.goto("/report/results?page=first");
  const table = page.getByTestId("results-table");
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
  // The table's own count ("Showing 1–10 of N"): the export must hold all N rows.
  const footer = page.getByText(/Showing 1.10 of \d+/);
  await expect(footer).toBeVisible();
  const total = Number(/of (\d+)/.exec((await footer.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThan(10);
  await page.getByTestId("table-export").first().click();
  const downloading = page.waitForEvent("download");
  await page.getByTestId("table-export-csv").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = text.trim().split("\n");
  // The header row, then every row of the table (not only the visible page of 10).
  expect(lines.length - 1).toBe(total);
});

test("the BI template is requested, listed, processed and downloaded", async ({ page }) => {
  // The file may take up to the 120 s waited for below on a loaded machine (CI runs the PostgreSQL
  // suites beside this one); the test's own limit must leave room for it and the download.
  test.setTimeout(180_000);
  await openDemoScenario(page);
  await page.goto("/report-export");
  await page.getByText("Parquet", { exact: true }).click();
  await page.getByTestId("request-bi").click();
  const list = page.getByTestId("downloads-table");
  const row = list.locator("tbody tr").first();
  await expect(row).toContainText("BI template (Parquet)");
  await expect(row.locator("[data-status='PROCESSED']")).toBeVisible({ timeout: 120_000 });
  const downloading = page.waitForEvent("download");
  await row.getByTestId("download-file").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/bi-parquet\.zip$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
});

test("screenshots of /report-export and its downloads list", async ({ page }) => {
  await openDemoScenario(page);
  for (const [lang, skin] of [
    ["en", "light"],
    ["ar", "dark"],
  ] as const) {
    await useLook(page, lang, skin);
    await page.goto("/report-export");
    await expect(page.getByTestId("downloads-table").locator("tbody tr").first()).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: `${shots}report-export-${lang}-${skin}.png`, fullPage: true });
  }
});
