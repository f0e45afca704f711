// Step 6, chained pushes (issue 11): the demo pushes `rebates` from customers to orders, so a new
// rule from ORDERS may push it on to order lines. The form takes the parent first and its driver
// list offers the drivers that reach that parent: defined there or brought there by a push.
import type { Page } from "@playwright/test";
import { openDemoScenario } from "./allocation-helpers";
import { expect, test } from "./fixtures";

async function pick(page: Page, testId: string, option: string) {
  await page.getByRole("dialog").getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a step-6 rule from orders offers the customers' rebates pushed there, and saves the chain", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openDemoScenario(page);
  await page.goto("/model/scenario/sixth-allocation");
  const table = page.getByTestId("rules-table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await page.getByTestId("rule-add").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Pick the parent first");

  await pick(page, "rule-parent", "ORDERS · Orders");
  await dialog.getByTestId("rule-source").click();
  const options = page.getByRole("option");
  await expect(options.filter({ hasText: "rebates · Customers" })).toHaveCount(1);
  await expect(options.filter({ hasText: "freight_revenue · Orders" })).toHaveCount(1);
  // Drivers that never reach ORDERS are not offered.
  await expect(options.filter({ hasText: "revenue · Order lines" })).toHaveCount(0);
  await page.getByRole("option", { name: "rebates · Customers", exact: true }).click();
  await pick(page, "rule-destination", "ORDER_LINES · Order lines");
  await dialog.getByTestId("rule-split").getByText("Even", { exact: true }).click();
  await dialog.getByTestId("rule-save").click();
  await expect(
    page.locator(".mantine-Notification-root").filter({ hasText: "Saved successfully" }).first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = table.locator("tbody tr").filter({ hasText: "rebates" }).filter({ hasText: "Order lines" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Orders");
  // Leave the demo scenario as it was for the other tests.
  await row.getByTestId("rule-delete").click();
  await page
    .getByRole("dialog", { name: "Delete allocation" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(row).toHaveCount(0);
});
