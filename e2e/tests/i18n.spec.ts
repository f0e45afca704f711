import { ADMIN, chooseLanguage, expect, login, test } from "./fixtures";

test("switching to Arabic flips the page to right-to-left and back", async ({ page }) => {
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await chooseLanguage(page, "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByTestId("home-title")).not.toContainText("Know what");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  await chooseLanguage(page, "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("the language chosen in the app is saved in the account settings", async ({ page, request }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await chooseLanguage(page, "es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const token = await page.evaluate(() => localStorage.getItem("accessToken"));
  await expect
    .poll(async () => {
      const res = await request.get("/api/v1/auth/users/me/settings", {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { language: string }).language;
    })
    .toBe("es");
  // Put it back for the other tests of the demo admin.
  await chooseLanguage(page, "en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect
    .poll(async () => {
      const res = await request.get("/api/v1/auth/users/me/settings", {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { language: string }).language;
    })
    .toBe("en");
});
