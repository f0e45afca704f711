// The financial accounts page's downloads upload back unchanged (docs/uploads.md, "Downloads that
// upload"): "Accounts with amounts" is downloaded, then uploaded as account amounts through the
// page's upload dialog, which also offers the kind's template. Screenshot of the dialog.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ADMIN, expect, login, test } from "./fixtures";

const dir = fileURLToPath(new URL("../screenshots/", import.meta.url));

test("'Accounts with amounts' downloaded and uploaded back as account amounts; the dialog offers the template", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/model/new");
  await page.getByTestId("use-template-distribution").click();
  await expect(page).toHaveURL(/\/model\/scenarios$/, { timeout: 30_000 });

  await page.goto("/model/scenario/financial-accounts");
  await expect(page.getByTestId("accounts-total")).not.toHaveText("—", { timeout: 60_000 });
  const totalBefore = await page.getByTestId("accounts-total").textContent();

  await page.getByRole("button", { name: "Download" }).click();
  const dataDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Accounts with amounts (CSV)" }).click();
  const dataFile = await (await dataDownload).path();
  // The download menu fades out after its file is fetched; its items are gone before the next menu.
  await expect(page.getByRole("menuitem", { name: "Accounts with amounts (CSV)" })).toBeHidden();
  const csv = readFileSync(dataFile, "utf8");
  expect(csv.split(/\r?\n/)[0]).toContain("account_code,name,expense_group,amount");

  await page.getByTestId("accounts-upload").click();
  await page.getByRole("menuitem", { name: /amount/i }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("data-upload-template")).toBeVisible();
  await page.screenshot({ path: `${dir}upload-dialog-template-en.png` });
  const templateDownload = page.waitForEvent("download");
  await dialog.getByTestId("data-upload-template").click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe("account_values.csv");
  expect(
    readFileSync(await template.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim(),
  ).toBe("account_code,amount");

  await dialog.getByRole("radio", { name: "Replace" }).check();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "accounts-with-amounts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await dialog.getByTestId("data-upload-submit").click();
  await expect(dialog.getByTestId("data-upload-progress")).toContainText("Processed", { timeout: 60_000 });
  await page.screenshot({ path: `${dir}upload-dialog-processed-en.png` });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("accounts-total")).toHaveText(totalBefore ?? "");
});
