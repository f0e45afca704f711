// The six allocation steps, calculations and result views on the demo scenario: edit a rule in
// each step, calculate all while watching the progress, stop a run, open every result page and
// the Sankey.
import type { Page } from "@playwright/test";
import { openDemoScenario } from "./allocation-helpers";
import { expect, test } from "./fixtures";

const STEPS = ["first", "second", "third", "fourth", "fifth", "sixth"] as const;

async function toast(page: Page, text: string) {
  await expect(page.locator(".mantine-Notification-root").filter({ hasText: text }).first()).toBeVisible();
}

test("edit a rule in each of the six steps", async ({ page }) => {
  test.setTimeout(180_000);
  await openDemoScenario(page);
  for (const [i, step] of STEPS.entries()) {
    await page.goto(`/model/scenario/${step}-allocation`);
    const table = page.getByTestId("rules-table");
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const edit = table.getByTestId("rule-edit").first();
    await expect(edit, `step ${i + 1} has rules in the demo scenario`).toBeVisible();
    await edit.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Edit step ${i + 1} allocation`);

    if (i === 0) {
      // Percentage out of range: the field says so and nothing is sent.
      const percentage = dialog.getByTestId("rule-percentage");
      if (await percentage.isVisible()) {
        const before = await percentage.inputValue();
        await percentage.fill("150");
        await dialog.getByTestId("rule-save").click();
        await expect(dialog).toContainText("Percentage must be between 0 and 100");
        await percentage.fill(before.replace(/[^\d.]/g, ""));
      }
    }
    if (i >= 3) {
      // Choosing FORMULA resets the equation to '=' and the formula is checked live.
      const split = dialog.getByTestId("rule-split");
      const original = (await split.locator("input:checked").getAttribute("value")) ?? "";
      await split.getByText("Formula", { exact: true }).click();
      const formula = dialog.getByTestId("formula-input");
      await expect(formula).toHaveValue("=");
      await formula.fill("=[NO_SUCH_DRIVER] * 2");
      await expect(dialog.getByTestId("formula-feedback")).not.toBeEmpty();
      await expect(dialog.getByTestId("formula-error-position")).toContainText("NO_SUCH_DRIVER");
      // Back to the rule's own split before saving.
      const labels: Record<string, string> = {
        EVEN: "Even",
        DRIVER: "Driver",
        FORMULA: "Formula",
        NOT_ALLOCATE: "Do not allocate",
      };
      if (original !== "FORMULA") await split.getByText(labels[original] ?? "Even", { exact: true }).click();
      else await dialog.getByRole("button", { name: "Cancel" }).click();
      if (original === "FORMULA") continue;
    }
    await dialog.getByTestId("rule-save").click();
    await toast(page, "Saved successfully");
    await expect(dialog).toBeHidden();
  }
});

test("calculate all while watching progress, stop a run, open every result page and the Sankey", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openDemoScenario(page);
  await page.goto("/model/scenarios/calculations");
  const latest = page.getByTestId("latest-run");
  await expect(latest).toBeVisible();

  // Stop: start a run and cancel it while it is still queued or running.
  await page.getByTestId("start-calculation").click();
  await toast(page, "Calculate requested successfully");
  const stop = page.getByTestId("stop-calculation");
  let stopped = false;
  if (await stop.isVisible({ timeout: 5000 }).catch(() => false)) {
    await stop.click();
    await expect(page.getByTestId("stop-confirm-text")).toContainText(
      "Do you want to cancel calculation started at",
    );
    await page.getByRole("button", { name: "Confirm" }).click();
    // The demo run takes about a second: the stop may arrive after it finished, and the API
    // then refuses it (only requested or running runs stop). Either answer must be told.
    const outcome = page
      .locator(".mantine-Notification-root")
      .filter({ hasText: /Stopped successfully|Failed to stop/ })
      .first();
    await expect(outcome).toBeVisible();
    stopped = ((await outcome.textContent()) ?? "").includes("Stopped successfully");
  }
  await expect(latest).toContainText(/Stopped|Finished|Error/, { timeout: 60_000 });
  test
    .info()
    .annotations.push({ type: "stop", description: stopped ? "stopped in flight" : "finished first" });

  // Calculate all and follow it to the end.
  await page.getByTestId("start-type").click();
  await page.getByRole("option", { name: "All", exact: true }).click();
  await page.getByTestId("start-calculation").click();
  await toast(page, "Calculate requested successfully");
  await expect(latest).toContainText(/Requested|In Progress|Finished/);
  await expect(latest).toContainText("Finished", { timeout: 90_000 });
  await expect(latest.getByTestId("debug-logs")).toBeVisible();
  await latest.getByTestId("debug-toggle").getByText("Errors").click();
  await expect(latest.getByTestId("debug-errors")).toHaveText("Not implemented");

  // Every step's results.
  for (const [i, step] of STEPS.entries()) {
    await page.goto(`/model/scenario/${step}-allocation`);
    const results = page.getByTestId(`results-step-${i + 1}`);
    await expect(results.getByTestId("results-table")).toBeVisible({ timeout: 60_000 });
  }
  // The result pages.
  for (const p of [
    "first",
    "second",
    "third",
    "tdabc",
    "fourth",
    "aggregated",
    "positiveNegative",
    "fifth",
    "sixth",
    "unallocated",
    "unallocatedDrivers",
  ]) {
    await page.goto(`/report/results?page=${p}`);
    await expect(page.getByTestId("results-page")).toBeVisible();
    // The unallocated pages show what NOT_ALLOCATE kept and what could not be allocated, each in
    // its own table; the other pages one results panel.
    await expect(
      page.locator('[data-testid^="results-step-"], [data-testid="unallocated-NOT_ALLOCATED"]'),
    ).toBeVisible();
    await expect(page.getByText("No calculation found")).toHaveCount(0);
  }
  // The unallocated toggle adds the two original_* columns on the by-line table.
  await page.goto("/report/results?page=unallocated");
  await expect(page.getByTestId("unallocated-table-NOT_ALLOCATED")).toContainText("Parent record");

  // Validation report: reconciles to the general ledger.
  await page.goto("/report/validation");
  await expect(page.getByTestId("reconciliation")).toContainText("General ledger total");
  await expect(page.getByTestId("conservation").locator("tbody tr")).toHaveCount(6);

  // Sankey.
  await page.goto("/report-visualization?type=sankey");
  await expect(page.getByTestId("sankey-chart").locator("svg")).toBeVisible();
  await expect(page.getByTestId("sankey-chart").locator("path").first()).toBeAttached();
});
