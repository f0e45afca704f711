import type { Page } from "@playwright/test";
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
