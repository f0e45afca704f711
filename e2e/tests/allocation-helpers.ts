import type { Browser, Page } from "@playwright/test";
import { ADMIN, expect, login } from "./fixtures";

/**
 * Logs the demo admin in and selects the demo model (the company's first) and its first scenario,
 * whatever other tests selected since.
 */
export async function openDemoScenario(page: Page): Promise<{ model: number; scenario: number }> {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const ids = await page.evaluate(async () => {
    const token = localStorage.getItem("accessToken");
    const headers = { Authorization: `Bearer ${token}` };
    const models = (await (await fetch("/api/v1/models/?ordering=id&limit=1", { headers })).json()) as {
      results: { id: number; name: string }[];
    };
    const model = models.results[0]!;
    const scenarios = (await (
      await fetch(`/api/v1/model/scenarios/?model=${model.id}&limit=1`, { headers })
    ).json()) as { results: { id: number; name: string }[] };
    const scenario = scenarios.results[0]!;
    const ctx = JSON.parse(localStorage.getItem("costflow.context") ?? "{}") as Record<string, unknown>;
    localStorage.setItem(
      "costflow.context",
      JSON.stringify({
        ...ctx,
        model: { id: model.id, name: model.name },
        scenario: { id: scenario.id, name: scenario.name },
      }),
    );
    return { model: model.id, scenario: scenario.id };
  });
  return ids;
}

/** Sets language and skin, surviving the server settings applied after login. */
export async function useLook(page: Page, lang: "en" | "ar", skin: "light" | "dark"): Promise<void> {
  await page.evaluate(
    ({ l, s }) => {
      localStorage.setItem("costflow.language", l);
      localStorage.setItem("costflow.skin", s);
    },
    { l: lang, s: skin },
  );
}

/**
 * The status of the first dimension's whale curve in `scenario` (default the chosen one): 200
 * once a report run has finished.
 */
export function reportStatus(page: Page, scenario?: number): Promise<number> {
  return page.evaluate(async (scenario) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem("accessToken")}` };
    const ctx = JSON.parse(localStorage.getItem("costflow.context") ?? "{}") as {
      model?: { id: number };
      scenario?: { id: number };
    };
    const dims = (await (
      await fetch(`/api/v1/dimensions/?model=${ctx.model?.id}&limit=1`, { headers })
    ).json()) as {
      results: { id: number }[];
    };
    const res = await fetch(
      `/api/v1/report/whale/?scenario=${scenario ?? ctx.scenario?.id}&dimension=${dims.results[0]?.id}`,
      {
        headers,
      },
    );
    return res.status;
  }, scenario);
}

/**
 * Opens the demo scenario and, when it has no report run yet (a fresh database), calculates all
 * once (the report phase is its last) and waits until the report calls answer.
 */
export async function ensureReportRun(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  await openDemoScenario(page);
  if ((await reportStatus(page)) !== 200) {
    await page.goto("/model/scenarios/calculations");
    const latest = page.getByTestId("latest-run");
    await expect(latest).toBeVisible({ timeout: 60_000 });
    await page.getByTestId("start-type").click();
    await page.getByRole("option", { name: "All", exact: true }).click();
    await page.getByTestId("start-calculation").click();
    await expect(latest).toContainText("Finished", { timeout: 150_000 });
    await expect.poll(() => reportStatus(page), { timeout: 240_000, intervals: [2_000] }).toBe(200);
  }
  await page.close();
}
