// The product form as a new merchant meets it (issue 29): in an organization of its own, with no
// benefit and no custom field yet, the form offers to create them where they are needed, and doing
// so keeps everything typed in the product form; the currency is picked from a list; a field's
// message goes as soon as the field is corrected; a benefit's page deletes it, or says in its
// dialog why not (a product uses it). Once more at 375 px.
import { expect, test } from "./fixtures";
import { shot, signIn } from "./dashboard-helpers";
import type { Page } from "@playwright/test";

/** Signs in (from signed out) and makes a new organization through the dashboard; its slug. */
async function newOrganization(page: Page, name: string): Promise<string> {
  await signIn(page, "/dashboard/new");
  const form = page.getByRole("form", { name: "New organization" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create organization" }).click();
  await expect(page).toHaveURL(/\/dashboard\/forms-[a-z0-9-]+$/);
  return new URL(page.url()).pathname.split("/")[2]!;
}

test("create a benefit and a custom field from the product form without losing what was typed", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const slug = await newOrganization(page, `Forms ${Date.now()}`);
  await page.goto(`/dashboard/${slug}/products/new`);
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

  await page.getByLabel("Name").fill("Field Notes");
  await page.getByLabel("Description").fill("A notebook app for the field.");
  await page.getByLabel("Amount").fill("12.50");
  // The currency is chosen, not typed.
  const currency = page.getByLabel("Currency");
  await expect(currency).toHaveValue("usd");
  await currency.selectOption("eur");

  // An organization without custom fields is told so, with a way to make one here.
  const fields = page.getByRole("group", { name: "Custom fields" });
  await expect(fields).toContainText("No custom fields yet · Create one");
  await expect(page.getByText("No fields left")).toHaveCount(0);
  await fields.getByRole("button", { name: "Create one" }).click();
  const fieldDialog = page.getByRole("dialog", { name: "New custom field" });
  await expect(fieldDialog).toBeVisible();
  // A message for the empty name, gone as soon as the name is typed.
  await fieldDialog.getByRole("button", { name: "Create field" }).click();
  await expect(fieldDialog.getByText("Give the field a name.")).toBeVisible();
  await fieldDialog.getByLabel("Name").fill("Company");
  await expect(fieldDialog.getByText("Give the field a name.")).toHaveCount(0);
  await shot(page, "product-form-custom-field-dialog");
  await fieldDialog.getByRole("button", { name: "Create field" }).click();
  await expect(fieldDialog).toBeHidden();
  await expect(fields.getByText("Company", { exact: true })).toBeVisible();

  const benefits = page.getByRole("group", { name: "Benefits" });
  await expect(benefits).toContainText("No benefits yet · Create one");
  await benefits.getByRole("button", { name: "Create one" }).click();
  const benefitDialog = page.getByRole("dialog", { name: "New benefit" });
  await benefitDialog.getByLabel("Description").fill("Field Notes PDF");
  await benefitDialog.getByRole("button", { name: "Create benefit" }).click();
  await expect(benefitDialog).toBeHidden();
  await expect(benefits.getByLabel("Field Notes PDF")).toBeChecked();

  // Everything typed before is still there.
  await expect(page.getByLabel("Name")).toHaveValue("Field Notes");
  await expect(page.getByLabel("Description")).toHaveValue("A notebook app for the field.");
  await expect(page.getByLabel("Amount")).toHaveValue("12.50");
  await expect(page.getByLabel("Currency")).toHaveValue("eur");

  // Metadata: rows of a key and a value, each removable.
  await page.getByRole("button", { name: "Add metadata" }).click();
  await page.getByLabel("Metadata key 1").fill("sku");
  await page.getByLabel("Metadata value 1").fill("FN-1");
  await page.getByRole("button", { name: "Add metadata" }).click();
  await expect(page.getByLabel("Metadata key 2")).toHaveValue("");
  await page.getByRole("button", { name: "Remove metadata 2" }).click();
  await expect(page.getByLabel("Metadata key 2")).toHaveCount(0);

  // A corrected field's message goes at once.
  await page.getByLabel("Amount").fill("");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Enter an amount, e.g. 10.00.")).toBeVisible();
  await expect(page.getByLabel("Amount")).toBeFocused();
  await page.getByLabel("Amount").fill("12.50");
  await expect(page.getByText("Enter an amount, e.g. 10.00.")).toHaveCount(0);
  await shot(page, "product-form-filled");

  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Field Notes/ })).toBeVisible();
  await expect(page.getByText("€12.50").first()).toBeVisible();
  await expect(page.getByRole("group", { name: "Benefits" }).getByLabel("Field Notes PDF")).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Custom fields" }).getByText("Company", { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel("Metadata key 1")).toHaveValue("sku");
  await expect(page.getByLabel("Metadata value 1")).toHaveValue("FN-1");

  // The benefit's page: Delete asks first, and the refusal (the product uses it) stays in the dialog.
  await page.goto(`/dashboard/${slug}/benefits`);
  await page.getByRole("link", { name: "Field Notes PDF" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Field Notes PDF?" });
  await confirm.getByRole("button", { name: "Delete benefit" }).click();
  await expect(confirm.getByText(/is attached to 1 product; detach it before deleting it/)).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Field Notes PDF" })).toBeVisible();
});

test("at 375 px: a benefit made from the product form fits the screen and is ticked", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const slug = await newOrganization(page, `Forms small ${Date.now()}`);
  await page.goto(`/dashboard/${slug}/products/new`);
  await page.getByLabel("Name").fill("Pocket Notes");
  const benefits = page.getByRole("group", { name: "Benefits" });
  await benefits.getByRole("button", { name: "Create one" }).click();
  const dialog = page.getByRole("dialog", { name: "New benefit" });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await dialog.getByLabel("Description").fill("Pocket Notes PDF");
  await shot(page, "product-form-375-benefit-dialog");
  await dialog.getByRole("button", { name: "Create benefit" }).click();
  await expect(dialog).toBeHidden();
  await expect(benefits.getByLabel("Pocket Notes PDF")).toBeChecked();
  await expect(page.getByLabel("Name")).toHaveValue("Pocket Notes");

  // No product was saved, so nothing uses the benefit: its page deletes it and goes back to the list.
  await page.goto(`/dashboard/${slug}/benefits`);
  await page.getByRole("link", { name: "Pocket Notes PDF" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Delete Pocket Notes PDF?" })
    .getByRole("button", { name: "Delete benefit" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${slug}/benefits$`));
  await expect(page.getByText("Benefit deleted")).toBeVisible();
  await expect(page.getByText("No benefits yet")).toBeVisible();
});
