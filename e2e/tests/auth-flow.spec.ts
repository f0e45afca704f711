import { countEmailsTo, expect, latestEmailTo, login, test } from "./fixtures";

test("register, validate the company from the e-mailed link, log in and land on the dashboard", async ({
  page,
}) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = "correct-horse-9";

  await page.goto("/register");
  await page.getByLabel(/first name/i).fill("Ada");
  await page.getByLabel(/last name/i).fill("Lovelace");
  await page.getByLabel(/^e-mail/i).fill(email);
  await page.getByLabel(/company name/i).fill(`Analytical Engines ${Date.now()}`);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByLabel(/confirm password/i).fill(password);
  await page.getByLabel(/i accept/i).check();
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-success")).toBeVisible();

  // Before validation the login is refused.
  await login(page, { email, password });
  await expect(page.getByTestId("form-error")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await latestEmailTo(email);
  const link = /https?:\/\/\S*\/company\/validate\?\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByTestId("validate-success")).toBeVisible();

  await login(page, { email, password });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("quick-resume")).toBeVisible();
  await expect(page.getByTestId("total-models")).toContainText("0");

  // Forgot password: the e-mailed link opens the reset page; the new password works, the old one not.
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login$/);
  const seen = countEmailsTo(email);
  await page.goto("/forgot-password");
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole("button", { name: /send reset link/i }).click();
  await expect(page.getByTestId("forgot-success")).toBeVisible();
  const reset = await latestEmailTo(email, seen);
  const resetLink = /https?:\/\/\S*\/pages\/authentication\/reset-password-v1\/\S+/.exec(reset.text)?.[0];
  expect(resetLink, reset.text).toBeTruthy();
  await page.goto(new URL(resetLink!).pathname);
  const newPassword = "battery-staple-7";
  await page.getByLabel(/^new password/i).fill(newPassword);
  await page.getByLabel(/confirm password/i).fill(newPassword);
  await page.getByRole("button", { name: /set new password/i }).click();
  await expect(page.getByTestId("reset-success")).toBeVisible();

  await login(page, { email, password });
  await expect(page.getByTestId("form-error")).toBeVisible();
  await login(page, { email, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
});
