// The hosted checkout in the buyer's language (docs/i18n.md), in a real browser: English, German,
// French and Spanish, chosen by `locale` on the session or by the browser's Accept-Language (the
// context's locale), with money in the language's format and the merchant's texts as written;
// once at a phone's width, paid through to the confirmation in German.
import type { Page } from "@playwright/test";
import { createSession, email, hydratedForm } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { ownCatalog, ownShop } from "./own-organization";

const shop = ownShop("languages");
const catalog = ownCatalog(shop);

type Case = {
  locale: string;
  /** Set on the session; else the browser's language chooses. */
  onSession: boolean;
  contact: string;
  billing: string;
  pay: string;
  country: string;
};

const CASES: Case[] = [
  {
    locale: "en-US",
    onSession: false,
    contact: "Contact information",
    billing: "Billing address",
    pay: "Pay $49.00",
    country: "Germany",
  },
  {
    locale: "fr-FR",
    onSession: false,
    contact: "Coordonnées",
    billing: "Adresse de facturation",
    pay: "Payer 49,00 $US",
    country: "Allemagne",
  },
  {
    locale: "es",
    onSession: true,
    contact: "Datos de contacto",
    billing: "Dirección de facturación",
    pay: "Pagar 49,00 US$",
    country: "Alemania",
  },
];

/** Pay, whatever its words (./checkout-helpers.ts's `payButton` knows the English ones). */
const payButton = (page: Page) => page.locator("#pay-button");

/** Intl's no-break spaces as plain ones. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

for (const c of CASES) {
  test.describe(`checkout in ${c.locale}`, () => {
    // The browser's language: Accept-Language on every request, navigator.language in the page.
    test.use({ locale: c.onSession ? "en-US" : c.locale });

    test(`${c.onSession ? "by the session's locale" : "by the browser's language"}`, async ({ page }) => {
      const session = await createSession(shop, {
        product_id: catalog.studio.id,
        ...(c.onSession ? { locale: c.locale } : {}),
      });
      await page.goto(session.url);
      await expect(hydratedForm(page)).toBeVisible();
      await expect(page.locator("body [lang]").first()).toHaveAttribute("lang", c.locale.slice(0, 2));
      await expect(page.getByRole("group", { name: c.contact })).toBeVisible();
      await expect(page.getByRole("group", { name: c.billing })).toBeVisible();
      expect(plain(await payButton(page).textContent())).toBe(c.pay);
      // Country names in the language; the product and its custom field as the merchant wrote them.
      await expect(page.locator("option", { hasText: c.country })).toHaveCount(1);
      await expect(page.getByRole("heading", { name: "Acme Studio" })).toBeVisible();
      await expect(page.getByText("Company name")).toBeVisible();
    });
  });
}

test.describe("checkout in German on a phone", () => {
  test.use({ locale: "fr-FR", viewport: { width: 375, height: 812 } });

  test("the session's German wins over the browser's French, through to the confirmation", async ({
    page,
  }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id, locale: "de" });
    await page.goto(session.url);
    await expect(hydratedForm(page)).toBeVisible();
    expect(plain(await payButton(page).textContent())).toBe("49,00 $ bezahlen");

    await page.getByLabel("E-Mail").fill(email("languages"));
    await page.getByLabel("Vollständiger Name").fill("Jana Schmidt");
    await page.getByLabel("Land").selectOption("DE");
    await page.getByLabel("Company name").fill("Schmidt GmbH");
    // 19 % German VAT on $49.00.
    await expect(page.getByTestId("total")).toHaveText(/58,31\s\$/);
    await page.getByLabel("Kartennummer").fill("4242 4242 4242 4242");
    await page.getByLabel("Ablaufdatum (MM/JJ)").fill("12/34");
    await page.getByLabel("Prüfnummer").fill("123");
    await payButton(page).click();

    await expect(page.getByRole("heading", { name: "Vielen Dank für Ihren Kauf!" })).toBeVisible();
    await expect(page.getByText("Bestellnummer")).toBeVisible();
    await expect(page.getByRole("link", { name: "Beleg ansehen" })).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath("confirmation-de-375.png"), fullPage: true });
  });
});

test.describe("the customer portal in the buyer's language", () => {
  test.use({ locale: "es-ES" });

  test("by the browser's language, and by ?locale= from an email's link", async ({ page }) => {
    await page.goto(shop.portal);
    await expect(page.getByRole("heading", { name: "Accede a tus compras" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviarme un código" })).toBeVisible();
    await page.goto(`${shop.portal}?locale=de`);
    await expect(page.getByRole("heading", { name: "Bei Ihren Käufen anmelden" })).toBeVisible();
    await expect(page.getByText("Kundenportal")).toBeVisible();
  });
});
