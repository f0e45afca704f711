// Calculated drivers and dimension drivers: a formula error pointed at and then fixed, a calculation
// with its results-sum, a relationship driver named after its target, and screenshots of both pages
// in English and Arabic.
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { ADMIN, expect, login, shotVariants, test } from "./fixtures";

const dir = fileURLToPath(new URL("../screenshots/", import.meta.url));

async function modelFromTemplate(page: Page): Promise<void> {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/model/new");
  await page.getByTestId("use-template-distribution").click();
  await expect(page).toHaveURL(/\/model\/scenarios$/, { timeout: 30_000 });
}

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a calculated driver: formula error shown, fixed, calculated, results-sum", async ({ page }) => {
  test.setTimeout(150_000);
  await modelFromTemplate(page);
  await page.goto("/model/scenario/dimension/calculated-drivers");
  await pick(page, "calc-dimension-filter", "Order lines");
  await expect(page.getByTestId("calculated-drivers-table")).toContainText("revenue");

  await page.getByTestId("create-calc-driver").click();
  const form = page.getByTestId("calc-driver-form");
  await form.locator('input[name="name"]').fill("gross_margin");
  await expect(page.getByTestId("calc-driver-dimension")).toHaveValue("Order lines");
  // "pricee" is no driver of Order lines: the check names it and marks where it starts.
  await page.getByTestId("formula-input").fill("=quantity * pricee - quantity * unit_cost");
  await expect(page.getByTestId("formula-error")).toContainText("pricee");
  await expect(page.getByTestId("formula-error-position")).toContainText("^");
  await expect(page.getByTestId("formula-error-position").locator("mark")).toHaveText("p");
  await page.getByTestId("formula-input").fill("=quantity * price - quantity * unit_cost");
  await expect(page.getByTestId("formula-feedback")).toContainText("price");
  await expect(page.getByTestId("formula-error")).toHaveCount(0);
  await page.getByTestId("calc-driver-submit").click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("calculated-drivers-table")).toContainText("gross_margin");

  await page.getByTestId("calculate-drivers").click();
  await expect(page.getByTestId("results-sum")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("driver-results-table")).toContainText("gross_margin");
  await expect(page.getByTestId("results-sum")).not.toContainText(/^\s*$/);
});

test("a dimension driver named after its target", async ({ page }) => {
  await modelFromTemplate(page);
  await page.goto("/model/scenario/dimensions");
  await expect(page.getByTestId("dimension-tree")).toContainText("Order lines");
  // A new dimension under Products, then a relationship driver from it to Sales regions.
  await page.getByTestId("create-dimension").click();
  const dimForm = page.getByTestId("dimension-form");
  await dimForm.locator('input[name="title"]').fill("Product lots");
  await dimForm.locator('input[name="code"]').fill("LOTS");
  await pick(page, "dimension-parent", "Products");
  await page.getByTestId("dimension-submit").click();
  await expect(dimForm).toBeHidden();
  await expect(page.getByTestId("dimension-detail")).toContainText("Product lots");
  // The parent gave it the relationship driver PRODUCTS_ID.
  await expect(page.getByTestId("driver-strip")).toContainText("PRODUCTS_ID");

  await page.getByTestId("create-driver").click();
  const form = page.getByTestId("driver-form");
  await form.getByText("Dimension", { exact: true }).click();
  await pick(page, "driver-target", "Sales regions");
  await expect(form.locator('input[name="name"]')).toHaveValue("REGIONS_ID");
  await page.getByTestId("driver-submit").click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("driver-strip")).toContainText("REGIONS_ID");

  // Deleting all its drivers takes the _ID drivers too, after the typed word.
  await page.getByTestId("delete-all-drivers").click();
  await page.locator('input[name="confirm-word"]').fill("LOTS");
  await page.getByTestId("typed-confirm-submit").click();
  await expect(page.getByTestId("driver-strip")).toContainText("Please create a driver first.");
});

test("a dimension driver edited: a rename that a formula reads is refused, the label is saved", async ({
  page,
}) => {
  await modelFromTemplate(page);
  await page.goto("/model/scenario/dimensions");
  await page.getByTestId("dimension-node-ORDER_LINES").click();
  await expect(page.getByTestId("driver-strip")).toContainText("price");
  await page.getByTestId("edit-driver-price").click();
  const form = page.getByTestId("driver-form");
  await expect(form.locator('input[name="name"]')).toHaveValue("price");
  // The calculated driver revenue (=quantity*price) reads it: the server refuses the rename.
  await form.locator('input[name="name"]').fill("list_price");
  await page.getByTestId("driver-submit").click();
  await expect(form).toContainText("still used by revenue");
  await page.screenshot({ path: `${dir}driver-edit-refused-en.png` });
  await form.locator('input[name="name"]').fill("price");
  await form.locator('input[name="label"]').fill("Unit price");
  await page.getByTestId("driver-submit").click();
  await expect(form).toBeHidden();
  await page.getByTestId("edit-driver-price").click();
  await expect(page.getByTestId("driver-form").locator('input[name="label"]')).toHaveValue("Unit price");
});

for (const lang of shotVariants(["en", "ar"] as const)) {
  test(`driver screenshots ${lang}`, async ({ page }) => {
    test.setTimeout(120_000);
    await modelFromTemplate(page);
    await page.evaluate((l) => localStorage.setItem("costflow.language", l), lang);
    await page.goto("/model/scenario/dimensions");
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    // Customers has more drivers than the strip's page of 5: the page arrows show.
    await page.getByTestId("dimension-node-CUSTOMERS").click();
    await expect(page.getByTestId("driver-strip").locator("tbody tr")).toHaveCount(5);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}dimensions-${lang}.png`, fullPage: true });

    await page.goto("/model/scenario/dimension/calculated-drivers");
    await page.getByTestId("calc-dimension-filter").click();
    await page.getByRole("option").nth(3).click();
    await expect(page.getByTestId("calculated-drivers-table").locator("tbody tr").first()).toBeVisible();
    await page.getByTestId("calculate-drivers").click();
    await expect(page.getByTestId("results-sum")).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}calculated-drivers-${lang}.png`, fullPage: true });
    await page.locator('[data-testid^="edit-calc-driver-"]').first().click();
    await page.getByTestId("formula-input").fill("=quantity * (price");
    await expect(page.getByTestId("formula-error-position")).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}calculated-driver-form-${lang}.png` });
  });
}
