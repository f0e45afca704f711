import { ADMIN, expect, login, test } from "./fixtures";

// A well-formed JWT whose exp lies in the past: the API answers 401 and the client refreshes.
const EXPIRED =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJhY2Nlc3MiLCJzdWIiOiIxIiwiZXhwIjoxMDAwMDAwMDAwfQ.c2lnbmF0dXJl";

test("an expired access token is refreshed once and the user stays in", async ({ page }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await page.evaluate(() => localStorage.getItem("refreshToken"));

  // The expired token is put in place before the reloaded page's scripts run, not in the live
  // page: there the dashboard's own first calls would meet it and refresh before the reload.
  await page.addInitScript((token) => {
    if (sessionStorage.getItem("expired-set")) return;
    sessionStorage.setItem("expired-set", "1");
    localStorage.setItem("accessToken", token);
  }, EXPIRED);
  const refreshes: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v1/auth/jwt/refresh")) refreshes.push(r.url());
  });
  await page.reload();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("total-models")).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("accessToken"))).not.toBe(EXPIRED);
  // Rotation: a new refresh token replaced the old one, and only one refresh ran for all 401s.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("refreshToken"))).not.toBe(before);
  expect(refreshes).toHaveLength(1);
});

test("a refresh that gets no answer does not log the user out", async ({ page }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("total-models")).toBeVisible();

  // The network drops the refresh: what a reload does to a refresh in flight in the page being
  // left, and what a flaky connection does. Nothing says the session ended.
  let failedRefreshes = 0;
  await page.route("**/api/v1/auth/jwt/refresh/**", async (route) => {
    failedRefreshes += 1;
    await route.abort("failed");
  });
  await page.evaluate((token) => {
    localStorage.setItem("accessToken", token);
    history.pushState({}, "", "/model");
    dispatchEvent(new PopStateEvent("popstate"));
  }, EXPIRED);
  await expect.poll(() => failedRefreshes).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/model$/);
  expect(await page.evaluate(() => localStorage.getItem("refreshToken"))).not.toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("userData"))).not.toBeNull();

  // Back online, the next call refreshes and the user carries on.
  await page.unroute("**/api/v1/auth/jwt/refresh/**");
  await page.reload();
  await expect(page).toHaveURL(/\/model$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("accessToken"))).not.toBe(EXPIRED);
  await page.goto("/dashboard");
  await expect(page.getByTestId("total-models")).toBeVisible();
});

test("a garbage access token with a revoked refresh token sends the user to login", async ({ page }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => {
    localStorage.setItem("accessToken", "garbage");
    localStorage.setItem("refreshToken", "garbage.garbage.garbage");
  });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("userData"))).toBeNull();
});

test("logout revokes the session and clears local storage", async ({ page, request }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const refresh = await page.evaluate(() => localStorage.getItem("refreshToken"));

  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("refreshToken"))).toBeNull();

  const res = await request.post("/api/v1/auth/jwt/refresh", { data: { refresh } });
  expect(res.status()).toBe(401);

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});
