// The report pages after a calculate-all of the demo scenario: every chart and table shows figures
// (not an empty state), a record drills down to activities, pools and accounts, a report is saved
// and reopened from My reports with its filters; screenshots of each page in English light and
// Arabic dark under /work/shots/reports/ (or REPORT_SHOTS_DIR) for a person to look at.
import type { Page } from "@playwright/test";
import { ensureReportRun, openDemoScenario, reportStatus, useLook } from "./allocation-helpers";
import { expect, shotVariants, test } from "./fixtures";

const shots = process.env.REPORT_SHOTS_DIR ?? "/work/shots/reports/";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(420_000);
  await ensureReportRun(browser);
});

/** A chart drew real marks: its SVG holds shapes beyond the background. */
async function expectChart(page: Page, testId: string): Promise<void> {
  const chart = page.getByTestId(testId);
  await expect(chart.locator("svg")).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () => chart.locator("svg path, svg rect").count(), { timeout: 60_000 })
    .toBeGreaterThan(3);
}

/** Figures in the scenario's currency: two decimals and the euro sign of the demo scenario. */
const MONEY = /€|EUR/;

test("each report page shows figures after calculate-all", async ({ page }) => {
  test.setTimeout(300_000);
  await openDemoScenario(page);

  await page.goto("/report-visualization?type=treemap");
  await expectChart(page, "treemap-chart");
  await expect(page.getByTestId("empty-state")).toHaveCount(0);

  await page.goto("/report-visualization?type=multi-treemap");
  await expectChart(page, "treemap-chart");
  await expect(page.getByTestId("empty-state")).toHaveCount(0);

  await page.goto("/report-visualization?type=whale");
  await expectChart(page, "whale-chart");
  await expect(page.getByTestId("whale-figures")).toContainText(MONEY);

  await page.goto("/report-visualization?type=waterfall");
  await expectChart(page, "waterfall-chart");
  await expect(page.getByTestId("empty-state")).toHaveCount(0);

  await page.goto("/profitability-reports");
  const table = page.getByTestId("profitability-table");
  await expect(table.getByTestId("report-row").first()).toBeVisible({ timeout: 60_000 });
  await expect(table.getByTestId("report-totals")).toContainText(MONEY);
  await expect(table.getByTestId("report-row").first()).toContainText(/\d[.,]\d\d/);
  await expectChart(page, "records-bar-chart");
  // Top / bottom act on the table: the first row changes.
  const topFirst = await table.getByTestId("report-row").first().textContent();
  await page.getByText("Bottom", { exact: true }).click();
  await expect(table.getByTestId("report-row").first()).not.toHaveText(topFirst ?? "", { timeout: 30_000 });

  await page.goto("/profitability-reports?tab=driver");
  await page.getByTestId("profitability-driver").click();
  await page.getByRole("option").first().click();
  await expect(table.getByTestId("report-row").first()).toBeVisible({ timeout: 60_000 });

  // Two dimensions side by side.
  await page.goto("/multiple-dimension?mode=dimensions");
  await page.getByTestId("compare-items").click();
  await page.getByRole("option").nth(0).click();
  await expect(
    page
      .getByText("Choose exactly", { exact: false })
      .or(page.getByText("Comparison reports take exactly 2")),
  ).toBeVisible();
  await page.getByRole("option").nth(1).click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("compare-table").locator("tbody tr").first()).toContainText(MONEY, {
    timeout: 60_000,
  });
  await expect(page.getByTestId("compare-totals")).toContainText(MONEY);

  await page.goto("/pl-report-structure");
  await expect(page.getByTestId("line-total").first()).toContainText(MONEY, { timeout: 60_000 });
});

test("two scenarios side by side: a copy of the demo scenario with its own report run", async ({ page }) => {
  test.setTimeout(300_000);
  const { model, scenario } = await openDemoScenario(page);
  // A copy holds the same records: the API pages it record by record (docs/calculation.md).
  const copy = await page.evaluate(
    async ({ model, scenario }) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem("accessToken")}`,
        "Content-Type": "application/json",
      };
      const post = async (url: string, body: unknown) =>
        (await fetch(url, { method: "POST", headers, body: JSON.stringify(body) })).json();
      const made = await post("/api/v1/model/scenarios/duplicate/", {
        model,
        scenario_id: scenario,
        name: "Budget copy",
        stepsToDuplicate: [1, 2, 3, 4, 5, 6],
      });
      const id = made.results[0].id as number;
      await post("/api/v1/report/reports/generate/", { scenario: id });
      return id;
    },
    { model, scenario },
  );
  try {
    await expect.poll(() => reportStatus(page, copy), { timeout: 240_000, intervals: [2_000] }).toBe(200);
    for (const [lang, skin] of shotVariants([
      ["en", "light"],
      ["ar", "dark"],
    ] as const)) {
      await useLook(page, lang, skin);
      await page.goto("/multiple-dimension?mode=scenarios");
      await page.getByTestId("compare-items").click();
      await page.getByRole("option").nth(0).click();
      await page.getByRole("option").nth(1).click();
      await page.keyboard.press("Escape");
      const rows = page.getByTestId("compare-table").locator("tbody tr");
      await expect(rows.first()).toContainText(MONEY, { timeout: 60_000 });
      await expect(page.getByTestId("compare-totals")).toContainText(MONEY);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${shots}compare-scenarios-${lang}-${skin}.png`, fullPage: true });
    }
  } finally {
    await page.evaluate(async (id) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem("accessToken")}` };
      await fetch(`/api/v1/model/scenarios/${id}/`, { method: "DELETE", headers });
    }, copy);
  }
});

test("a record drills down from its P&L to activities, pools and accounts", async ({ page }) => {
  await openDemoScenario(page);
  await page.goto("/profitability-reports");
  const row = page.getByTestId("profitability-table").getByTestId("report-row").first();
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.click();
  const drawer = page.getByTestId("record-drilldown");
  await expect(drawer.getByTestId("record-pnl").locator("tr").first()).toContainText(MONEY);
  await expect(drawer.getByTestId("trace-activity").first()).toContainText(MONEY);
  await expect(drawer.getByTestId("trace-cost")).toContainText(MONEY);
  await drawer.getByTestId("trace-toggle-activity").first().click();
  await expect(drawer.getByTestId("trace-pool").first()).toContainText(MONEY);
  await drawer.getByTestId("trace-toggle-pool").first().click();
  await expect(drawer.getByTestId("trace-account").first()).toContainText(MONEY);

  // A tree map tile opens the same drill-down.
  await page.keyboard.press("Escape");
  await page.goto("/report-visualization?type=treemap");
  await expectChart(page, "treemap-chart");
  await page.getByTestId("treemap-chart").locator("svg path").nth(3).click({ force: true });
  await expect(page.getByTestId("record-drilldown").getByTestId("record-pnl")).toBeVisible();
});

test("a saved report reopens from My reports with its filters", async ({ page }) => {
  await openDemoScenario(page);
  await page.goto("/profitability-reports?side=bottom&limit=3");
  await expect(page.getByTestId("profitability-table").getByTestId("report-row")).toHaveCount(3, {
    timeout: 60_000,
  });
  const title = `Bottom three ${Date.now().toString(36)}`;
  await page.getByTestId("save-report").click();
  await page.getByTestId("save-report-title").fill(title);
  await page.getByTestId("save-report-submit").click();
  await expect(page.getByText("Report saved")).toBeVisible();

  await page.goto("/reports/my-reports");
  const saved = page.getByTestId("saved-reports-table");
  await expect(saved).toContainText(title);
  await saved.getByRole("button", { name: title }).click();
  await expect(page).toHaveURL(/\/profitability-reports\?.*side=bottom/);
  await expect(page).toHaveURL(/limit=3/);
  await expect(page.getByTestId("profitability-table").getByTestId("report-row")).toHaveCount(3, {
    timeout: 60_000,
  });

  // Rename it, then delete it.
  await page.goto("/reports/my-reports");
  const row = saved.locator("tr", { hasText: title });
  await row.getByTestId("saved-report-rename").click();
  await page.getByTestId("saved-report-title").fill(`${title} renamed`);
  await page.getByTestId("saved-report-rename-submit").click();
  await expect(saved).toContainText(`${title} renamed`);
});

const PAGES = [
  { name: "treemap", url: "/report-visualization?type=treemap", ready: "treemap-chart" },
  { name: "multi-treemap", url: "/report-visualization?type=multi-treemap", ready: "treemap-chart" },
  { name: "whale", url: "/report-visualization?type=whale", ready: "whale-chart" },
  { name: "waterfall", url: "/report-visualization?type=waterfall", ready: "waterfall-chart" },
  { name: "profitability", url: "/profitability-reports", ready: "records-bar-chart" },
  { name: "pl-structure", url: "/pl-report-structure", ready: "line-total" },
  { name: "my-reports", url: "/reports/my-reports", ready: "saved-reports-table" },
] as const;

for (const [lang, skin] of shotVariants([
  ["en", "light"],
  ["ar", "dark"],
] as const)) {
  test(`report screenshots ${lang} ${skin}`, async ({ page }) => {
    test.setTimeout(300_000);
    await openDemoScenario(page);
    await useLook(page, lang, skin);
    for (const p of PAGES) {
      await page.goto(p.url);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.getByTestId(p.ready).first()).toBeVisible({ timeout: 60_000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${shots}${p.name}-${lang}-${skin}.png`, fullPage: true });
    }
    await page.goto("/multiple-dimension?mode=dimensions");
    await page.getByTestId("compare-items").click();
    await page.getByRole("option").nth(0).click();
    await page.getByRole("option").nth(1).click();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("compare-table").locator("tbody tr").first()).toBeVisible({
      timeout: 60_000,
    });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}multiple-dimension-${lang}-${skin}.png`, fullPage: true });
    await page.goto("/profitability-reports");
    await page.getByTestId("profitability-table").getByTestId("report-row").first().click();
    await expect(page.getByTestId("trace-activity").first()).toBeVisible({ timeout: 60_000 });
    await page.getByTestId("trace-toggle-activity").first().click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}drilldown-${lang}-${skin}.png` });
  });
}
