// Renders every email a buyer (or, for disputes, the merchant) can receive, with sample data, to <out>/<kind>.html and .txt, so the
// emails can be looked at (and screenshotted) without making a purchase. No database, no server.
//   npm run email:previews -- [out directory, default ./email-previews]
import fs from "node:fs";
import path from "node:path";
import type { Brand, EmailTemplate } from "../lib/email/templates/types";
import { orderReceipt } from "../lib/email/templates/order-receipt";
import { portalSignInCode } from "../lib/email/templates/portal-sign-in-code";
import { portalEmailUpdate } from "../lib/email/templates/portal-email-update";
import { customerEmailChanged } from "../lib/email/templates/customer-email-changed";
import { passwordReset } from "../lib/email/templates/password-reset";
import { refundIssued } from "../lib/email/templates/refund-issued";
import { disputeOpened } from "../lib/email/templates/dispute-opened";
import { disputeClosed } from "../lib/email/templates/dispute-closed";
import { subscriptionCanceled } from "../lib/email/templates/subscription-canceled";
import { subscriptionEnded } from "../lib/email/templates/subscription-ended";
import { subscriptionPaymentFailed } from "../lib/email/templates/subscription-payment-failed";
import { subscriptionRenewalReceipt } from "../lib/email/templates/subscription-renewal-receipt";
import { discountDisclosure } from "../lib/checkout/discount-disclosure";
import { translator } from "../lib/i18n/translate";
import type { Locale } from "../lib/i18n/locales";

const brand: Brand = { name: "Acme Software", supportEmail: "help@acme.example" };
const base = "https://shop.acme.example";
const portal = `${base}/portal/acme`;
const orderId = "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01";
const receipt = `${base}/receipts/${orderId}.Q2hlY2tzdW0`;
const at = (iso: string) => new Date(iso);

// Each entry: a template with data that shows all it can say.
const previews: [EmailTemplate<never>, unknown][] = [
  [
    orderReceipt,
    {
      customerName: "Jane Doe",
      orderId,
      invoiceNumber: "ACME-0042",
      orderedAt: at("2026-11-24T10:43:00Z"),
      productName: "Acme Sync Pro",
      recurringInterval: "month",
      currency: "usd",
      amounts: { subtotal: 2000, discount: 200, tax: 342, total: 2142 },
      discountName: "Launch week",
      discountDisclosure: "$21.42 today, then $23.80 / month",
      licenseKeys: [
        {
          key: "ACME-3F2A9C1E-7B4D-4E8A-9C21-5D0C2A523F7E",
          benefit: "Acme Sync Pro license",
          expiresAt: null,
        },
      ],
      purchaseUrl: `${base}/checkout/cs_example/confirmation`,
      receiptUrl: receipt,
      receiptPdfUrl: `${receipt}/pdf`,
      portalUrl: portal,
    },
  ],
  [
    subscriptionRenewalReceipt,
    {
      customerName: "Jane Doe",
      orderId,
      invoiceNumber: "ACME-0057",
      orderedAt: at("2026-12-24T10:43:00Z"),
      productName: "Acme Sync Pro",
      recurringInterval: "month",
      currency: "usd",
      amounts: { subtotal: 2000, tax: 380, total: 2380 },
      periodStart: at("2026-12-24T10:43:00Z"),
      periodEnd: at("2027-01-24T10:43:00Z"),
      portalUrl: portal,
      receiptUrl: receipt,
      receiptPdfUrl: `${receipt}/pdf`,
    },
  ],
  [
    subscriptionPaymentFailed,
    {
      customerName: "Jane Doe",
      productName: "Acme Sync Pro",
      currency: "usd",
      amount: 2380,
      failureReason: "Your card has insufficient funds.",
      nextRetryAt: at("2026-12-27T10:43:00Z"),
      updateUrl: portal,
    },
  ],
  [
    subscriptionCanceled,
    {
      customerName: "Jane Doe",
      productName: "Acme Sync Pro",
      endsAt: at("2027-01-24T10:43:00Z"),
      portalUrl: portal,
    },
  ],
  [
    subscriptionEnded,
    {
      customerName: "Jane Doe",
      productName: "Acme Sync Pro",
      endedAt: at("2027-01-24T10:43:00Z"),
      cause: "unpaid",
      portalUrl: portal,
    },
  ],
  [
    refundIssued,
    {
      customerName: "Jane Doe",
      orderId,
      invoiceNumber: "ACME-0042",
      orderedAt: at("2026-11-24T10:43:00Z"),
      productName: "Acme Sync Pro",
      currency: "usd",
      amount: 2142,
      taxAmount: 342,
      orderTotal: 2142,
      refundedTotal: 2142,
      refundedAt: at("2026-11-26T09:00:00Z"),
      accessRevoked: true,
    },
  ],
  [
    disputeOpened,
    {
      invoiceNumber: "ACME-0042",
      productName: "Acme Sync Pro",
      customerEmail: "jane@example.com",
      amount: 2142,
      currency: "usd",
      reason: "Product not received",
      evidenceDueBy: at("2026-12-15T23:59:59Z"),
      disputedAt: at("2026-12-01T10:00:00Z"),
      accessRevoked: false,
      orderUrl: `${base}/dashboard/acme/orders/${orderId}`,
    },
  ],
  [
    disputeClosed,
    {
      invoiceNumber: "ACME-0042",
      productName: "Acme Sync Pro",
      customerEmail: "jane@example.com",
      amount: 2142,
      currency: "usd",
      reason: "Product not received",
      disputedAt: at("2026-12-01T10:00:00Z"),
      closedAt: at("2027-01-20T09:00:00Z"),
      outcome: "lost",
      accessRevoked: true,
      orderUrl: `${base}/dashboard/acme/orders/${orderId}`,
    },
  ],
  [portalSignInCode, { customerName: "Jane Doe", code: "042917", validForMinutes: 10, portalUrl: portal }],
  [
    portalEmailUpdate,
    {
      customerName: "Jane Doe",
      newEmail: "jane.doe@example.net",
      confirmUrl: `${portal}#email_update_token=ceu_example`,
      validForMinutes: 30,
    },
  ],
  [
    customerEmailChanged,
    { customerName: "Jane Doe", maskedNewEmail: "j***@example.net", changedAt: at("2026-11-30T09:15:00Z") },
  ],
  [
    passwordReset,
    {
      userName: "Mia Merchant",
      resetUrl: "http://localhost:3000/dashboard/reset-password#token=dpr_example",
      validForMinutes: 30,
    },
  ],
];

/**
 * The receipt in the buyer's other languages (docs/i18n.md), in euros: `order_receipt.<locale>`.
 * Everything the email says is translated; the product's and the benefit's names are as written.
 */
const localizedReceipts = (["de", "fr", "es"] as const satisfies readonly Locale[]).map((locale) => {
  const tr = translator(locale);
  const amounts = { subtotal: 4900, discount: 490, tax: 838, total: 5248 };
  return {
    name: `${orderReceipt.kind}.${locale}`,
    email: orderReceipt.render(
      {
        locale,
        customerName: "Jane Doe",
        orderId,
        invoiceNumber: "ACME-0042",
        orderedAt: at("2026-11-24T10:43:00Z"),
        productName: "Acme Sync Pro",
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
          tr,
        ),
        reverseCharge: null,
        licenseKeys: [
          {
            key: "ACME-3F2A9C1E-7B4D-4E8A-9C21-5D0C2A523F7E",
            benefit: "Acme Sync Pro license",
            expiresAt: at("2027-11-24T10:43:00Z"),
          },
        ],
        purchaseUrl: `${base}/checkout/cs_example/confirmation`,
        receiptUrl: receipt,
        receiptPdfUrl: `${receipt}/pdf`,
        portalUrl: `${portal}?locale=${locale}`,
      },
      brand,
    ),
  };
});

const out = path.resolve(process.argv[2] ?? "email-previews");
fs.mkdirSync(out, { recursive: true });
const rendered = [
  ...previews.map(([template, data]) => ({
    name: template.kind,
    email: template.render(data as never, brand),
  })),
  ...localizedReceipts,
];
for (const { name, email } of rendered) {
  fs.writeFileSync(path.join(out, `${name}.html`), email.html);
  fs.writeFileSync(path.join(out, `${name}.txt`), `Subject: ${email.subject}\n\n${email.text}`);
  console.log(`${name}: ${email.subject}`);
}
console.log(`Wrote ${rendered.length} emails to ${out}`);
