// The PDF builder: compose a PDF report of blocks on the calculated demo scenario, save it,
// generate its PDF (a file of the pipeline, listed on the page) and download it; the file is a real PDF whose text (read back with poppler's
// pdftotext) holds the title, the scenario and the blocks. Screenshots of the builder in English
// light and Arabic dark under e2e/screenshots/ (or PDF_SHOTS_DIR) for a person to look at.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { ensureReportRun, openDemoScenario, useLook } from "./allocation-helpers";
import { expect, shotVariants, test } from "./fixtures";

const shots = process.env.PDF_SHOTS_DIR ?? fileURLToPath(new URL("../screenshots/", import.meta.url));

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(420_000);
  await ensureReportRun(browser);
});

async function addBlock(page: Page, label: string) {
  await page.getByTestId("pdf-add-type").click();
  await page.getByRole("option", { name: label, exact: true }).click();
  await page.getByRole("button", { name: "Add block" }).click();
}

/** Waits for the newest file on the page's files list whose name ends so to be written, and downloads it. */
async function downloadListed(page: Page, nameEnd: string): Promise<string> {
  const row = page.getByTestId("pdf-files").locator("tbody tr").first();
  await expect(row).toContainText(nameEnd, { timeout: 30_000 });
  await expect(row.locator("[data-status='PROCESSED']")).toBeVisible({ timeout: 120_000 });
  const download = page.waitForEvent("download");
  await row.getByTestId("download-file").click();
  expect((await download).suggestedFilename()).toContain(nameEnd);
  return (await (await download).path())!;
}

test("build a PDF report, save it, generate and download its PDF", async ({ page }) => {
  test.setTimeout(180_000);
  const { scenario } = await openDemoScenario(page);
  const scenarioName = await page.evaluate(
    async (id) =>
      (
        (await (
          await fetch(`/api/v1/model/scenarios/${id}/`, {
            headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` },
          })
        ).json()) as { name: string }
      ).name,
    scenario,
  );
  await page.goto("/pdf-report");
  await page.getByLabel("Title").fill("Board pack");
  await page.getByText("Landscape", { exact: true }).click();
  await addBlock(page, "Heading");
  await page.getByTestId("pdf-block-0").getByLabel("Heading text").fill("Quarterly review");
  await addBlock(page, "Key figures");
  await addBlock(page, "Top or bottom records");
  await addBlock(page, "Whale curve");
  await expect(page.getByTestId("pdf-block-3")).toBeVisible();
  // Reorder: the key figures go below the top records.
  await page.getByTestId("pdf-block-1").getByRole("button", { name: "Move down" }).click();
  await expect(page.getByTestId("pdf-block-2")).toContainText("Key figures");
  await expect(page.getByTestId("pdf-preview")).toContainText("Quarterly review");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/report=\d+/);

  // 'Generate PDF' requests a file of the pipeline: it appears on the page's files list, written
  // by a worker, and downloads from there.
  await page.getByRole("button", { name: "Generate PDF" }).click();
  const file = await downloadListed(page, "Board_pack.pdf");
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  expect(text).toContain("Board pack");
  expect(text).toContain("Quarterly review");
  expect(text).toContain(scenarioName);
  expect(text).toContain("Key figures");
  expect(text).toMatch(/Top 50: /);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
  expect(Number(w)).toBeGreaterThan(Number(h));

  // Duplicate, then delete the copy.
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Board pack (2)");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");

  // My reports lists the PDF report and opens it in the builder.
  await page.goto("/reports/my-reports");
  await page.getByTestId("pdf-reports-list").getByRole("link", { name: "Board pack" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Board pack");

  // The management summary of the scenario.
  await page.getByRole("button", { name: "PDF summary" }).click();
  const summaryFile = await downloadListed(page, "-summary.pdf");
  const summaryText = execFileSync("pdftotext", [summaryFile, "-"], { encoding: "utf8" });
  expect(summaryText).toContain("Management summary");
  expect(summaryText).toContain(scenarioName);
});

test("the PDF summary is requested from /report-export and downloaded from the downloads list", async ({
  page,
}) => {
  await openDemoScenario(page);
  await page.goto("/report-export");
  await page.getByTestId("request-pdf-summary").click();
  const row = page.getByTestId("downloads-table").locator("tbody tr").first();
  await expect(row).toContainText("-summary.pdf", { timeout: 30_000 });
  await expect(row.locator("[data-status='PROCESSED']")).toBeVisible({ timeout: 120_000 });
  const download = page.waitForEvent("download");
  await row.getByTestId("download-file").click();
  const text = execFileSync("pdftotext", [(await (await download).path())!, "-"], { encoding: "utf8" });
  expect(text).toContain("Management summary");
});

for (const [lang, skin] of shotVariants([
  ["en", "light"],
  ["ar", "dark"],
] as const)) {
  test(`PDF builder screenshot ${lang} ${skin}`, async ({ page }) => {
    await openDemoScenario(page);
    await useLook(page, lang, skin);
    await page.goto("/reports/my-reports");
    await page.getByTestId("pdf-reports-list").getByRole("link").first().click();
    await expect(page.getByTestId("pdf-block-0")).toBeVisible();
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}pdf-builder-${lang}-${skin}.png`, fullPage: true });
  });
}
