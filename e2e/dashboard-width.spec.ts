// At 375 px (a small phone) every dashboard page is 375 px wide: nothing makes the page scroll
// sideways. The spec signs in, makes an organization of its own with one of everything, and
// measures each page's document width once it has loaded (docs/dashboard.md).
import type { Page } from "@playwright/test";
import { signIn } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { createOneOfEverything, unique } from "./one-of-everything";
import { createShop } from "./own-organization";

const PHONE = { width: 375, height: 812 };

test("every dashboard page fits a 375 px screen", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  const shop = await createShop("width");
  const data = await createOneOfEverything(shop, `${unique("buyer")}@example.com`);
  await page.goto("/");
  await signIn(page);

  const pages = [
    "",
    "/orders",
    `/orders/${data.order.id}`,
    "/subscriptions",
    `/subscriptions/${data.subscription.id}`,
    "/checkouts",
    `/checkouts/${data.checkout.id}`,
    "/products",
    "/products/new",
    `/products/${data.product.id}`,
    "/benefits",
    "/benefits/new",
    `/benefits/${data.benefit.id}`,
    "/discounts",
    "/discounts/new",
    `/discounts/${data.discount.id}`,
    "/custom-fields",
    "/custom-fields/new",
    `/custom-fields/${data.customField.id}`,
    "/checkout-links",
    "/checkout-links/new",
    `/checkout-links/${data.checkoutLink.id}`,
    "/customers",
    "/customers/new",
    `/customers/${data.customer.id}`,
    "/license-keys",
    `/license-keys/${data.licenseKey.id}`,
    `/license-keys/${data.licenseKey.id}/activations/${data.activation.id}`,
    "/tokens",
    "/webhooks",
    "/webhooks/new",
    `/webhooks/${data.webhook.id}`,
    "/emails",
    `/emails/${data.email.id}`,
    "/settings",
    "/password",
  ];
  const widths: Record<string, number> = {};
  const causes: Record<string, string[]> = {};
  for (const path of pages) {
    await page.goto(`${shop.dashboard}${path}`);
    await expect(page.locator("main h1").first()).toBeVisible();
    // Loaded: no skeleton or busy region left.
    await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    widths[path || "/"] = await page.evaluate(() => document.documentElement.scrollWidth);
    if (widths[path || "/"]! > PHONE.width) causes[path || "/"] = await overflowingElements(page);
  }
  console.log(
    `375 px widths:\n${Object.entries(widths)
      .map(([p, w]) => `${w}\t${p}`)
      .join("\n")}`,
  );
  await test.info().attach("widths.json", {
    body: JSON.stringify({ widths, causes }, null, 2),
    contentType: "application/json",
  });
  if (Object.keys(causes).length) console.log(`Sticking out:\n${JSON.stringify(causes, null, 2)}`);
  const tooWide = Object.fromEntries(Object.entries(widths).filter(([, width]) => width > PHONE.width));
  expect.soft(tooWide, "pages wider than 375 px").toEqual({});

  // On a desktop screen the Overview ends where its content ends: no empty scroll below it.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(shop.dashboard);
  await expect(page.getByRole("list", { name: "Recent orders" })).toBeVisible();
  const emptyScroll = await page.evaluate(() => {
    const main = document.querySelector("main")!;
    return (
      document.documentElement.scrollHeight - Math.ceil(main.getBoundingClientRect().bottom + window.scrollY)
    );
  });
  console.log(`Overview at 1280 px: ${emptyScroll} px of scroll below the content`);
  expect(emptyScroll).toBeLessThanOrEqual(0);
  await shop.dispose();
});

/**
 * What sticks out past the screen's right edge without a scrolling box to hold it: the first few
 * such elements, as "tag.classes: text", to say why a page is too wide.
 */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    // Held when a box that clips or scrolls sideways contains it, and — for an absolutely placed
    // element — is its containing block or lies below it (a table's hidden span escapes otherwise).
    const heldByScrollBox = (element: Element) => {
      let escapes = ["absolute", "fixed"].includes(getComputedStyle(element).position);
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (escapes && style.position !== "static") escapes = false;
        if (!escapes && style.overflowX !== "visible" && box.getBoundingClientRect().right <= width)
          return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !heldByScrollBox(element))
      .slice(-3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}: ${element.textContent?.trim().slice(0, 40)}`,
      );
  }, PHONE.width);
}
