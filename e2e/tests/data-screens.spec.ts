// Model, scenario and data screens: a model from a template, a scenario created and duplicated, a
// CSV uploaded through the software wizard, an account amount and a record edited in place, and
// screenshots of the accounts table and the dimension data page (en/ar, light/dark).
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { ADMIN, ALL_SHOTS, expect, login, shotVariants, test } from "./fixtures";

const dir = fileURLToPath(new URL("../screenshots/", import.meta.url));

async function modelFromTemplate(page: Page): Promise<void> {
  await page.goto("/model/new");
  await page.getByTestId("use-template-distribution").click();
  await expect(page).toHaveURL(/\/model\/scenarios$/, { timeout: 30_000 });
  await expect(page.getByTestId("scenarios-table")).toBeVisible();
}

/** Opens the data page of the template's Products dimension and adds a record through the form. */
async function productsWithRecord(page: Page, id: string): Promise<void> {
  await page.goto("/model/scenario/dimensions");
  await page.getByTestId("dimension-node-PRODUCTS").click();
  await page.getByTestId("open-dimension-data").click();
  await expect(page.getByTestId("create-transaction")).toBeEnabled();
  await page.getByTestId("create-transaction").click();
  const form = page.getByTestId("transaction-form");
  await form.locator('input[name="transaction_id"]').fill(id);
  await form.locator('input[name="field-product_name"]').fill("Espresso beans 1 kg");
  await form.locator('input[name="field-unit_cost"]').fill("10.5");
  await form.getByTestId("transaction-submit").click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("transactions-table")).toContainText(id);
}

test("a model from a template, a scenario created and duplicated", async ({ page }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await modelFromTemplate(page);
  // The template's scenario is the selected one.
  await expect(page.getByTestId("scenarios-table").locator("tbody tr")).toHaveCount(1);

  await page.getByTestId("create-scenario").click();
  await page.locator('input[name="name"]').fill("Budget 2027");
  await expect(page.getByTestId("scenario-form").getByLabel("Currency")).toHaveValue("EUR");
  await page.getByTestId("scenario-submit").click();
  await expect(page.getByTestId("scenarios-table")).toContainText("Budget 2027");

  // One scenario: the form proposes the copy name (original + "_copy", 15 characters at most).
  const row = page.getByTestId("scenarios-table").locator("tbody tr", { hasText: "Budget 2027" });
  await row.locator('[data-testid^="duplicate-scenario-"]').click();
  const dialog = page.getByTestId("duplicate-dialog");
  await expect(dialog.locator('input[name="name"]')).toHaveValue("Budget 2027_cop");
  await dialog.getByTestId("scenario-submit").click();
  await expect(page.getByTestId("scenarios-table")).toContainText("Budget 2027_cop");
  await expect(page.getByTestId("scenarios-table").locator("tbody tr")).toHaveCount(3);
});

test("a CSV through the wizard, an amount and a record edited in place", async ({ page }) => {
  // Several pages, an upload on the job queue and a model copy: more than the default minute on a loaded machine.
  test.setTimeout(150_000);
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await modelFromTemplate(page);

  // The wizard: source, file format, dimensions, summary, then the upload itself.
  await page.goto("/software/step01");
  await page.getByRole("radio", { name: "Other (CSV or Excel files)" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step02$/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step03$/);
  await page.getByRole("checkbox").first().click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step04$/);
  await page.locator('main a[href="/software/dimension/upload"]').last().click();
  await expect(page).toHaveURL(/\/software\/dimension\/upload$/);
  await page.getByTestId("upload-kind").click();
  await page.getByRole("option", { name: "Financial accounts" }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: "accounts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("account_code,name,expense_group\nE2E-TRAVEL,Travel by train,Travel\n"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByTestId("upload-summary")).toContainText("Processed", { timeout: 20_000 });

  // The uploaded account is in the table; its amount is set inline and the total follows.
  await page.goto("/model/scenario/financial-accounts");
  await expect(page.getByTestId("accounts-total")).not.toHaveText("—");
  const totalBefore = await page.getByTestId("accounts-total").textContent();
  await page.getByPlaceholder("Please search for an account.").fill("E2E-TRAVEL");
  await expect(page.getByTestId("accounts-table").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("accounts-table")).toContainText("Travel by train");
  await page.getByTestId("amount-E2E-TRAVEL").click();
  await page.getByTestId("amount-E2E-TRAVEL-input").fill("1000");
  await page.getByTestId("amount-E2E-TRAVEL-input").press("Enter");
  await expect(page.getByTestId("accounts-table")).toContainText("€1,000.00");
  await expect(page.getByTestId("accounts-total")).not.toHaveText(totalBefore ?? "");

  // A record created from the form built from the Products drivers, then edited in place.
  await productsWithRecord(page, "E2E-P1");
  const row = page.getByTestId("transactions-table").locator("tbody tr", { hasText: "E2E-P1" });
  await expect(row).toContainText("10.50");
  await row.getByTestId("edit-transaction-E2E-P1").click();
  const form = page.getByTestId("transaction-form");
  await expect(form.locator('input[name="transaction_id"]')).toBeDisabled();
  await form.locator('input[name="field-unit_cost"]').fill("4242.5");
  await form.getByTestId("transaction-submit").click();
  await expect(form).toBeHidden();
  await expect(row).toContainText("4,242.50");
  await expect(row).toContainText("Espresso beans 1 kg");
});

for (const [lang, skin] of shotVariants(ALL_SHOTS)) {
  test(`data screenshots ${lang} ${skin}`, async ({ page }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await modelFromTemplate(page);
    await page.evaluate(
      ({ l, s }) => {
        localStorage.setItem("costflow.language", l);
        localStorage.setItem("costflow.skin", s);
      },
      { l: lang, s: skin },
    );
    await page.goto("/model/scenario/financial-accounts");
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.getByTestId("accounts-table").locator("tbody tr").first()).toBeVisible();
    await expect(page.getByTestId("accounts-total")).not.toHaveText("—");
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}accounts-${lang}-${skin}.png`, fullPage: true });

    await productsWithRecord(page, `E2E-${lang}-${skin}`);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}dimension-data-${lang}-${skin}.png`, fullPage: true });
  });
}
