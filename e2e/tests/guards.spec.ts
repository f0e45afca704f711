import { CLIENT, expect, login, test } from "./fixtures";

test("a logged-out user is sent to login from an app page", async ({ page }) => {
  await page.goto("/model/scenarios");
  await expect(page).toHaveURL(/\/login$/);
});

test("public and auth pages stay open when logged out", async ({ page }) => {
  for (const path of [
    "/home",
    "/about-us",
    "/contact",
    "/need-help",
    "/forgot-password",
    "/register",
    "/company-signup",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test("the root goes to the dashboard and unknown paths to the 404 page", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page).toHaveURL(/\/error-404$/);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("a client lands on access control and is denied the admin page", async ({ page }) => {
  await login(page, CLIENT);
  await expect(page).toHaveURL(/\/access-control$/);
  await expect(page.getByTestId("reachable-areas")).toBeVisible();

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/not-authorized$/);
  await expect(page.getByTestId("not-authorized")).toBeVisible();

  // A logged-in user opening the login page is sent to their home.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/access-control$/);
});

test("screens needing a model say so and redirect to the models page", async ({ page }) => {
  await login(page, CLIENT);
  await expect(page).toHaveURL(/\/access-control$/);
  await page.evaluate(() => localStorage.removeItem("costflow.context"));
  await page.goto("/model/scenario/costpools");
  await expect(page.getByTestId("context-required")).toContainText("You must select a model first");
  await expect(page).toHaveURL(/\/model$/, { timeout: 10_000 });
});
