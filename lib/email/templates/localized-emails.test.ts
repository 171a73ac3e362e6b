// The buyer's emails in their language (docs/i18n.md): the purchase receipt in each of the four, with
// money and dates in the locale and the merchant's own texts (product, discount, benefit) as
// written; the renewal receipt's reverse charge and the layout's footer and `lang` in German; the
// sign-in code in Spanish; an unknown language reads in English.
import { describe, expect, it } from "vitest";
import { discountDisclosure } from "../../checkout/discount-disclosure";
import type { Locale } from "../../i18n/locales";
import { translator } from "../../i18n/translate";
import { reverseChargeLines } from "../../tax/reverse-charge";
import { orderReceipt, type OrderReceiptData } from "./order-receipt";
import { portalSignInCode } from "./portal-sign-in-code";
import { subscriptionRenewalReceipt } from "./subscription-renewal-receipt";

const brand = { name: "Acme Software", supportEmail: "help@acme.test" };
/** Intl's spaces (no-break, narrow no-break) as plain ones, for readable expectations. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

function receipt(locale: Locale): OrderReceiptData {
  const amounts = { subtotal: 4900, discount: 490, tax: 838, total: 5248 };
  return {
    locale,
    customerName: "Jane Doe",
    orderId: "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
    invoiceNumber: "ACME-0042",
    orderedAt: new Date("2026-03-05T10:43:12.345Z"),
    productName: "Acme Pro",
    recurringInterval: "month",
    currency: "eur",
    amounts,
    discountName: "Launch week",
    discountDisclosure: discountDisclosure(
      {
        currency: "eur",
        interval: "month",
        totalToday: amounts.total,
        totalAfterDiscount: 5831,
        discount: { duration: "once", duration_in_months: null },
      },
      translator(locale),
    ),
    licenseKeys: [{ key: "ACME-0B3F", benefit: "Pro license", expiresAt: new Date("2027-03-05T00:00:00Z") }],
    purchaseUrl: null,
    receiptUrl: "https://shop.test/receipts/x",
  };
}

const EXPECTED: Record<Locale, { subject: string; lines: string[] }> = {
  en: {
    subject: "Your receipt from Acme Software",
    lines: [
      "Hi Jane Doe,",
      "Thank you for your purchase from Acme Software. This is your receipt.",
      "Date: March 5, 2026",
      "Product: Acme Pro (monthly subscription)",
      "Subtotal: €49.00",
      "Discount (Launch week): -€4.90",
      "Total paid: €52.48",
      "€52.48 today, then €58.31 / month.",
      "  (Pro license, valid until March 5, 2027)",
      "Your receipt: https://shop.test/receipts/x",
      "Questions? Write to help@acme.test.",
    ],
  },
  de: {
    subject: "Ihr Beleg von Acme Software",
    lines: [
      "Hallo Jane Doe,",
      "Vielen Dank für Ihren Kauf bei Acme Software. Hier ist Ihr Beleg.",
      "Datum: 5. März 2026",
      "Produkt: Acme Pro (monatliches Abonnement)",
      "Zwischensumme: 49,00 €",
      "Rabatt (Launch week): -4,90 €",
      "Bezahlt: 52,48 €",
      "52,48 € heute, danach 58,31 € / Monat.",
      "  (Pro license, gültig bis 5. März 2027)",
      "Ihr Beleg: https://shop.test/receipts/x",
      "Fragen? Schreiben Sie an help@acme.test.",
    ],
  },
  fr: {
    subject: "Acme Software : votre reçu",
    lines: [
      "Bonjour Jane Doe,",
      "Merci pour votre achat chez Acme Software. Voici votre reçu.",
      "Date : 5 mars 2026",
      "Produit : Acme Pro (abonnement mensuel)",
      "Sous-total : 49,00 €",
      "Réduction (Launch week) : -4,90 €",
      "Total payé : 52,48 €",
      "52,48 € aujourd'hui, puis 58,31 € / mois.",
      "  (Pro license, valable jusqu'au 5 mars 2027)",
      "Votre reçu : https://shop.test/receipts/x",
      "Des questions ? Écrivez à help@acme.test.",
    ],
  },
  es: {
    subject: "Tu recibo de Acme Software",
    lines: [
      "Hola, Jane Doe:",
      "Gracias por tu compra en Acme Software. Este es tu recibo.",
      "Fecha: 5 de marzo de 2026",
      "Producto: Acme Pro (suscripción mensual)",
      "Subtotal: 49,00 €",
      "Descuento (Launch week): -4,90 €",
      "Total pagado: 52,48 €",
      "52,48 € hoy, después 58,31 € / mes.",
      "  (Pro license, válida hasta el 5 de marzo de 2027)",
      "Tu recibo: https://shop.test/receipts/x",
      "¿Tienes preguntas? Escribe a help@acme.test.",
    ],
  },
};

describe("the receipt email in the buyer's language", () => {
  it.each(Object.keys(EXPECTED) as Locale[])("%s: its words, money and dates", (locale) => {
    const email = orderReceipt.render(receipt(locale), brand);
    expect(email.subject).toBe(EXPECTED[locale].subject);
    const lines = plain(email.text).split("\n");
    for (const line of EXPECTED[locale].lines) expect(lines, line).toContain(line);
    expect(email.html).toContain(`<html lang="${locale}">`);
    expect(plain(email.html)).toContain(EXPECTED[locale].lines.at(-1)!.split(" help@")[0]!.split("?")[0]);
  });

  it("is English without a language, or with one not offered", () => {
    const { locale: _locale, ...english } = receipt("en");
    expect(orderReceipt.render(english, brand).subject).toBe("Your receipt from Acme Software");
  });
});

describe("other buyer emails in their language", () => {
  it("the renewal receipt says the reverse charge and the period in German", () => {
    const tr = translator("de");
    const email = subscriptionRenewalReceipt.render(
      {
        locale: "de",
        customerName: null,
        orderId: "o",
        invoiceNumber: "ACME-0057",
        orderedAt: new Date("2026-12-24T10:43:00Z"),
        productName: "Acme Pro",
        recurringInterval: "year",
        currency: "eur",
        amounts: { subtotal: 20000, tax: 0, total: 20000 },
        periodStart: new Date("2026-12-24T10:43:00Z"),
        periodEnd: new Date("2027-12-24T10:43:00Z"),
        portalUrl: "https://shop.test/portal/acme?locale=de",
        reverseCharge: reverseChargeLines({ sellerVatId: "DE123456789", buyerVatId: "FR12345678901" }, tr),
      },
      brand,
    );
    const text = plain(email.text);
    expect(email.subject).toBe("Ihr Abonnement für Acme Pro wurde verlängert");
    expect(text).toContain("Hallo,");
    expect(text).toContain("Produkt: Acme Pro (jährliches Abonnement)");
    expect(text).toContain("Zeitraum: 24. Dezember 2026 bis 24. Dezember 2027");
    expect(text).toContain("Bezahlt: 200,00 €");
    expect(text).toContain(
      "Steuerschuldnerschaft des Leistungsempfängers: Die Mehrwertsteuer schuldet der Leistungsempfänger (Artikel 196 der Richtlinie 2006/112/EG des Rates).",
    );
    expect(text).toContain("USt-IdNr. des Verkäufers: DE123456789");
    expect(text).toContain("Abonnement verwalten: https://shop.test/portal/acme?locale=de");
  });

  it("the sign-in code in Spanish", () => {
    const email = portalSignInCode.render(
      {
        locale: "es",
        customerName: "Ana",
        code: "042917",
        validForMinutes: 10,
        portalUrl: "https://shop.test/p",
      },
      brand,
    );
    expect(email.subject).toBe("Tu código de acceso para Acme Software");
    expect(email.text).toContain("Solo funciona una vez, durante 10 minutos.");
    expect(email.html).toContain("Entrar en el portal de clientes");
  });
});
