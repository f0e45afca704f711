import { ADMIN, expect, login, test } from "./fixtures";

test("create a model and a scenario, upload accounts and see them in the accounts table", async ({
  page,
}) => {
  const stamp = Date.now();
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Model: create it in the dialog; the new model becomes the selected one.
  await page.goto("/model");
  await page.getByTestId("create-model").click();
  await page.locator('input[name="name"]').fill(`E2E model ${stamp}`);
  await page.locator('textarea[name="short_description"]').fill("Created by the browser tests.");
  await page.getByTestId("model-form").getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("context-badges")).toContainText(`E2E model ${stamp}`);

  // Scenario: defaults are EUR and last month to today.
  await page.goto("/model/scenarios");
  await page.getByTestId("create-scenario").click();
  await page.locator('input[name="name"]').fill("E2E scenario");
  await expect(page.getByTestId("scenario-form").getByLabel("Currency")).toHaveValue("EUR");
  await page.getByTestId("scenario-submit").click();
  await expect(page.getByTestId("scenarios-table")).toContainText("E2E scenario");
  await expect(page.getByTestId("scenarios-table")).toContainText("New");
  await expect(page.getByTestId("context-badges")).toContainText("E2E scenario");

  // Upload the chart of accounts of the model.
  await page.goto("/software/dimension/upload");
  await page.getByTestId("upload-kind").click();
  await page.getByRole("option", { name: "Financial accounts" }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: "accounts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "account_code,name,expense_group\nSAL,Salaries,Personnel\nRENT,Office rent,Facilities\n",
    ),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/software\/dimension\/upload\/complete\?upload=\d+$/);
  await expect(page.getByTestId("upload-summary")).toContainText("Processed", { timeout: 20_000 });

  // A file in an unaccepted format is refused before it is sent.
  await page.goto("/software/dimension/upload");
  await page.locator('input[type="file"]').setInputFiles({
    name: "accounts.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4"),
  });
  await expect(page.getByTestId("upload-rejected")).toContainText("File Format Not Accepted");

  await page.goto("/model/scenario/financial-accounts");
  await expect(page.getByTestId("accounts-table")).toContainText("Salaries");
  await expect(page.getByTestId("accounts-table")).toContainText("RENT");
});
