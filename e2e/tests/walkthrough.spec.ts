// A new user's walkthrough of the result and data pages (issue 12, items 9, 11, 12 and 13):
// each check failed before its fix. Screenshots of the changed pages (English light, Arabic dark)
// go to e2e/screenshots/walkthrough/ (git-ignored) for a person to look at.
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { openDemoScenario, useLook } from "./allocation-helpers";
import { expect, shotVariants, test } from "./fixtures";

const dir =
  process.env.WALKTHROUGH_SHOTS ?? fileURLToPath(new URL("../screenshots/walkthrough/", import.meta.url));

// Generous: on the shared 2-core machine a page of this spec took up to 40 s to settle.
test.describe.configure({ timeout: 420_000 });

test.beforeAll(async ({ browser }) => {
  // The result views need a finished "all" run of the demo scenario.
  test.setTimeout(240_000);
  const page = await browser.newPage();
  await openDemoScenario(page);
  await page.goto("/model/scenarios/calculations");
  const latest = page.getByTestId("latest-run");
  await expect(latest).toBeVisible({ timeout: 30_000 });
  if (!(await latest.textContent())?.includes("Finished")) {
    await page.getByTestId("start-calculation").click();
    await expect(latest).toContainText("Finished", { timeout: 180_000 });
  }
  await page.close();
});

async function shoot(page: Page, name: string, look: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}${name}-${look}.png`, fullPage: true });
}

test("item 9: positive/negative opens on rows, By source answers, aggregated names sources, unallocated shows what NOT_ALLOCATE kept", async ({
  page,
}) => {
  await openDemoScenario(page);
  await page.goto("/report/results?page=positiveNegative");
  const table = page.getByTestId("results-table");
  // Before: nothing until an allocation was chosen.
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  await expect(table.getByTestId("empty-state")).toHaveCount(0);
  // Before: 400 'ordering: this value is not one of the allowed choices'.
  await page.getByRole("tab", { name: "By source" }).click();
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByTestId("table-error-text")).toHaveCount(0);

  await page.goto("/report/results?page=aggregated");
  const firstRow = page.getByTestId("results-table").locator("tbody tr").first();
  await expect(firstRow).toBeVisible({ timeout: 30_000 });
  // Columns: record, dimension, source, amount. Before: the source cell was blank on every row.
  await expect(firstRow.locator("td").nth(2)).not.toHaveText("");

  await page.goto("/report/results?page=unallocated");
  const kept = page.getByTestId("unallocated-table-NOT_ALLOCATED");
  await expect(kept.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  await expect(kept.getByTestId("empty-state")).toHaveCount(0);
  // The kept money adds up to what the validation report names for step 5 (88,124.52 on the demo).
  await expect(kept.getByTestId("table-totals")).toContainText("88,124.52");
});

test("item 13: result tables end with a totals row over every row, not the page", async ({ page }) => {
  await openDemoScenario(page);
  await page.goto("/report/results?page=fourth");
  const table = page.getByTestId("results-table");
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  const totals = table.getByTestId("table-totals");
  await expect(totals).toBeVisible();
  // Step 4 by source: the activities' original amounts add up to what step 3 gave them.
  await expect(totals.locator('[data-total="original_amount"]')).toHaveText("814,969.19");
});

test("item 11: driver named on step-4 rules, drivers panel knows the calculate-all, parents by name, wizard ticks, dashboard and validation", async ({
  page,
}) => {
  const { scenario } = await openDemoScenario(page);
  await page.goto("/model/scenario/fourth-allocation");
  const rules = page.getByTestId("rules-table");
  await expect(rules.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  // Some demo rule of type DRIVER is on one of the pages: walk them.
  let found = false;
  for (let i = 0; i < 10 && !found; i++) {
    if ((await rules.getByTestId("rule-driver").count()) > 0) found = true;
    else {
      const next = page.getByRole("button", { name: "Next page" });
      if ((await next.count()) === 0 || (await next.isDisabled())) break;
      await next.click();
      await page.waitForTimeout(500);
    }
  }
  expect(found).toBe(true);
  await expect(rules.getByTestId("rule-driver").first()).toContainText(/Driver: \S+/);

  await page.goto("/model/scenario/dimension/calculated-drivers");
  await expect(page.getByTestId("drivers-run")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("drivers-run-via-all")).toBeVisible();
  await expect(page.getByTestId("drivers-run")).not.toContainText("No calculation found");

  await page.goto("/software/dimension/list");
  const list = page.getByTestId("dimension-list");
  await expect(list.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  // The parent column (2nd) shows names: never a bare number.
  for (const text of await list.locator("tbody tr td:nth-child(2)").allTextContents())
    expect(text).not.toMatch(/^\d+$/);

  await page.evaluate(() => localStorage.removeItem("costflow.wizard"));
  await page.goto("/software/step04");
  for (const step of ["step01", "step02", "step03"])
    await expect(page.getByTestId(`wizard-step-${step}`)).toHaveAttribute("data-done", "false");

  // Dashboard: while its data is on the way, skeletons, never 'No scenarios yet'.
  await page.route("**/api/v1/dashboard/quick-resume/**", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-loading").first()).toBeVisible();
  await expect(page.getByText("No scenarios yet")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-loading")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText("No scenarios yet")).toHaveCount(0);
  await page.unroute("**/api/v1/dashboard/quick-resume/**");

  // Validation report of a scenario never calculated: 'No calculation found', no 404 in the console.
  const fresh = await page.evaluate(async (source) => {
    const headers = {
      Authorization: `Bearer ${localStorage.getItem("accessToken")}`,
      "Content-Type": "application/json",
    };
    const base = (await (await fetch(`/api/v1/model/scenarios/${source}/`, { headers })).json()) as {
      model: number;
    };
    const created = (await (
      await fetch("/api/v1/model/scenarios/", {
        method: "POST",
        headers,
        body: JSON.stringify({ model: base.model, name: `Fresh ${Date.now()}` }),
      })
    ).json()) as { id: number; name: string };
    const ctx = JSON.parse(localStorage.getItem("costflow.context") ?? "{}") as Record<string, unknown>;
    localStorage.setItem(
      "costflow.context",
      JSON.stringify({ ...ctx, scenario: { id: created.id, name: created.name } }),
    );
    return created.id;
  }, scenario);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/report/validation");
  await expect(page.getByText("No calculation found")).toBeVisible({ timeout: 30_000 });
  expect(errors.filter((e) => /404/.test(e))).toEqual([]);
  await page.evaluate(
    async (id) =>
      fetch(`/api/v1/model/scenarios/${id}/`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` },
      }),
    fresh,
  );
});

for (const width of [1366, 1440]) {
  test(`item 12: at ${width} px every table's actions column is visible and badges whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openDemoScenario(page);
    for (const path of [
      "/model/scenario/first-allocation",
      "/model/scenario/third-allocation",
      "/pl-report-structure",
    ]) {
      await page.goto(path);
      const row = page.locator("table tbody tr").first();
      await expect(row).toBeVisible({ timeout: 30_000 });
      const cell = page.locator("tbody td.cf-actions").first();
      await expect(cell).toBeVisible();
      // The actions cell lies inside its table's visible box (not scrolled or cut off).
      const inside = await cell.evaluate((td) => {
        const wrap = td.closest(".cf-table-wrap")!.getBoundingClientRect();
        const r = td.getBoundingClientRect();
        return r.left >= wrap.left - 1 && r.right <= wrap.right + 1 && r.right <= window.innerWidth;
      });
      expect(inside, path).toBe(true);
      // Badges in tables are never cut to 'B…'.
      const cut = await page
        .locator(".cf-table .mantine-Badge-label")
        .evaluateAll((labels) =>
          labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
        );
      expect(cut, path).toEqual([]);
      // Steps 1 and 3: the sources panel beside the rules shows each badge whole, within the panel's
      // width (its list scrolls down), and the panel is not cut short by the calculation card above.
      if (path.includes("allocation")) {
        const panel = page.getByTestId("sources-panel");
        await expect(panel.locator(".mantine-Badge-root").first()).toBeVisible();
        const outside = await panel.evaluate((card) => {
          const box = card.getBoundingClientRect();
          const clipped = card.scrollHeight > card.clientHeight + 1 ? ["(panel cut short)"] : [];
          return clipped.concat(
            Array.from(card.querySelectorAll(".mantine-Badge-root"))
              .filter((b) => {
                const r = b.getBoundingClientRect();
                return r.left < box.left - 1 || r.right > box.right + 1;
              })
              .map((b) => b.textContent ?? ""),
          );
        });
        expect(outside, path).toEqual([]);
      }
    }
  });
}

for (const [lang, skin] of shotVariants([
  ["en", "light"],
  ["ar", "dark"],
] as const)) {
  test(`screenshots of the changed pages, ${lang} ${skin}`, async ({ page }) => {
    await openDemoScenario(page);
    await useLook(page, lang, skin);
    const look = `${lang}-${skin}`;
    for (const [name, path, ready] of [
      ["results-positive-negative", "/report/results?page=positiveNegative", "results-table"],
      ["results-aggregated", "/report/results?page=aggregated", "results-table"],
      ["results-unallocated", "/report/results?page=unallocated", "unallocated-table-NOT_ALLOCATED"],
      ["results-step4", "/report/results?page=fourth", "results-table"],
      ["step4-rules", "/model/scenario/fourth-allocation", "rules-table"],
      ["step1-rules", "/model/scenario/first-allocation", "rules-table"],
      ["step3-rules", "/model/scenario/third-allocation", "rules-table"],
      ["calculated-drivers", "/model/scenario/dimension/calculated-drivers", "drivers-run"],
      ["dimension-list", "/software/dimension/list", "dimension-list"],
      ["dashboard", "/dashboard", null],
      ["wizard-step4", "/software/step04", null],
      ["validation", "/report/validation", null],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      if (ready)
        await expect(page.getByTestId(ready).locator("tbody tr, *").first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState("networkidle");
      await shoot(page, name, look);
    }
  });
}
