// The subscription emails' content: the exact plain-text parts, the HTML parts (escaped, same
// facts, links), and the shared layout with the organization's name and support address.
import { describe, expect, it } from "vitest";
import { subscriptionCanceled } from "./subscription-canceled";
import { subscriptionEnded } from "./subscription-ended";
import { subscriptionPaymentFailed } from "./subscription-payment-failed";
import { subscriptionRenewalReceipt } from "./subscription-renewal-receipt";
import { reverseChargeLines } from "../../tax/reverse-charge";

const brand = { name: "Acme Software", supportEmail: "help@acme.test" };
const footer = ["", "-- ", "Acme Software", "Questions? Write to help@acme.test.", ""];
const portal = "http://localhost:3000/portal/acme";

describe("subscription renewal receipt", () => {
  const data = {
    customerName: "Jane Doe",
    orderId: "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
    invoiceNumber: "ACME-0043",
    orderedAt: new Date("2026-12-27T10:43:12.345Z"),
    productName: "Acme Pro",
    recurringInterval: "month" as const,
    currency: "usd",
    amounts: { subtotal: 1000, tax: 200, total: 1200 },
    periodStart: new Date("2026-12-27T10:00:00.000Z"),
    periodEnd: new Date("2027-01-27T10:00:00.000Z"),
    portalUrl: portal,
    receiptUrl: "http://localhost:3000/receipts/r1",
    receiptPdfUrl: "http://localhost:3000/receipts/r1/pdf",
  };

  it("says a renewal's reverse charge with both VAT IDs, in both parts", () => {
    const lines = reverseChargeLines({ sellerVatId: "FR40303265045", buyerVatId: "DE123456789" });
    const email = subscriptionRenewalReceipt.render(
      { ...data, amounts: { subtotal: 1000, tax: 0, total: 1000 }, reverseCharge: lines },
      brand,
    );
    expect(email.text).toContain(lines.join("\n"));
    expect(email.text).toContain("Article 196, Council Directive 2006/112/EC");
    expect(email.html).toContain("Seller&#39;s VAT ID: FR40303265045");
    expect(email.html).toContain("Buyer&#39;s VAT ID: DE123456789");
    expect(subscriptionRenewalReceipt.render(data, brand).text).not.toContain("Article 196");
  });

  it("renders the exact plain-text part with the order's amounts and period", () => {
    const email = subscriptionRenewalReceipt.render(data, brand);
    expect(subscriptionRenewalReceipt.kind).toBe("subscription_renewal_receipt");
    expect(email.subject).toBe("Your Acme Pro subscription was renewed");
    expect(email.text).toBe(
      [
        "Subscription renewed",
        "",
        "Hi Jane Doe,",
        "",
        "Your monthly subscription to Acme Pro from Acme Software was renewed. This is your receipt.",
        "",
        "Order: ACME-0043",
        "Date: December 27, 2026",
        "Product: Acme Pro (monthly subscription)",
        "Period: December 27, 2026 to January 27, 2027",
        "",
        "Subtotal: $10.00",
        "Tax: $2.00",
        "Total paid: $12.00",
        "",
        "Receipt: http://localhost:3000/receipts/r1",
        "",
        "Receipt (PDF): http://localhost:3000/receipts/r1/pdf",
        "",
        `Manage your subscription: ${portal}`,
        ...footer,
      ].join("\n"),
    );
    expect(email.html).toContain("$12.00");
    expect(email.html).toContain(`href="${portal}"`);
    expect(email.html).toContain('href="http://localhost:3000/receipts/r1"');
    expect(email.html).toContain("ACME-0043");
    expect(email.html).toContain("Acme Software");
  });

  it("leaves out a zero tax and the portal link when there is none", () => {
    const email = subscriptionRenewalReceipt.render(
      {
        ...data,
        customerName: null,
        amounts: { subtotal: 500, tax: 0, total: 500 },
        portalUrl: null,
        receiptUrl: null,
        receiptPdfUrl: null,
      },
      { name: "Acme", supportEmail: null },
    );
    expect(email.text).toContain("Hi,\n");
    expect(email.text).not.toContain("Tax:");
    expect(email.text).not.toContain("Manage your subscription");
    expect(email.text).not.toContain("Questions?");
  });
});

describe("subscription payment failed", () => {
  const data = {
    customerName: "Jane Doe",
    productName: "Acme Pro",
    currency: "eur",
    amount: 1190,
    failureReason: "Your card was declined.",
    nextRetryAt: new Date("2026-12-30T10:00:00.000Z"),
    updateUrl: portal,
  };

  it("gives the amount, the reason, the next attempt and the update link", () => {
    const email = subscriptionPaymentFailed.render(data, brand);
    expect(subscriptionPaymentFailed.kind).toBe("subscription_payment_failed");
    expect(email.subject).toBe("Payment failed for your Acme Pro subscription");
    expect(email.text).toBe(
      [
        "Your payment failed",
        "",
        "Hi Jane Doe,",
        "",
        "We could not charge €11.90 for your Acme Pro subscription from Acme Software.",
        "",
        "Amount: €11.90",
        "Reason: Your card was declined.",
        "Next attempt: December 30, 2026",
        "",
        "We will try again on December 30, 2026. Update your payment method before then to keep your subscription.",
        "",
        `Update your payment method: ${portal}`,
        ...footer,
      ].join("\n"),
    );
    expect(email.html).toContain(`href="${portal}"`);
    expect(email.html).toContain("December 30, 2026");
  });

  it("says when it was the last attempt", () => {
    const email = subscriptionPaymentFailed.render(
      { ...data, nextRetryAt: null, failureReason: null },
      brand,
    );
    expect(email.text).toContain("Next attempt: none (last attempt)");
    expect(email.text).toContain("This was the last attempt: your subscription has ended");
    expect(email.text).not.toContain("Reason:");
    expect(email.html).toContain("last attempt");
  });
});

describe("subscription canceled and ended", () => {
  it("tells until when a canceled subscription works", () => {
    const email = subscriptionCanceled.render(
      {
        customerName: "Jane",
        productName: "Acme Pro",
        endsAt: new Date("2027-01-27T10:00:00.000Z"),
        portalUrl: portal,
      },
      brand,
    );
    expect(subscriptionCanceled.kind).toBe("subscription_canceled");
    expect(email.subject).toBe("Your Acme Pro subscription is canceled");
    expect(email.text).toBe(
      [
        "Subscription canceled",
        "",
        "Hi Jane,",
        "",
        "Your subscription to Acme Pro from Acme Software is canceled. It will not renew.",
        "",
        "You keep access, license keys included, until January 27, 2027. Changed your mind? You can keep your subscription until then.",
        "",
        `Manage your subscription: ${portal}`,
        ...footer,
      ].join("\n"),
    );
    expect(email.html).toContain("January 27, 2027");
  });

  it("says why it ended and that the keys stop working", () => {
    const base = {
      customerName: null,
      productName: "Acme Pro",
      endedAt: new Date("2027-01-27T10:00:00.000Z"),
      portalUrl: portal,
    };
    const unpaid = subscriptionEnded.render({ ...base, cause: "unpaid" }, brand);
    expect(subscriptionEnded.kind).toBe("subscription_ended");
    expect(unpaid.subject).toBe("Your Acme Pro subscription has ended");
    expect(unpaid.text).toBe(
      [
        "Subscription ended",
        "",
        "Hi,",
        "",
        "Your subscription to Acme Pro from Acme Software ended on January 27, 2027. Its renewal could not be paid after several attempts.",
        "",
        "Its license keys no longer work, and you will not be charged again.",
        "",
        `Your purchases: ${portal}`,
        ...footer,
      ].join("\n"),
    );
    expect(subscriptionEnded.render({ ...base, cause: "canceled" }, brand).text).toContain(
      "It was canceled and its last paid period is over.",
    );
    expect(subscriptionEnded.render({ ...base, cause: "revoked" }, brand).text).toContain(
      "It was ended by the seller.",
    );
  });

  it("escapes names in the HTML part and keeps them out of markup", () => {
    const hostile = { name: 'Evil <script>alert("x")</script>', supportEmail: "a@b.test" };
    const email = subscriptionEnded.render(
      {
        customerName: "<img src=x onerror=1>",
        productName: "Pro & <b>Co</b>",
        endedAt: new Date("2027-01-27T10:00:00.000Z"),
        cause: "revoked",
        portalUrl: portal,
      },
      hostile,
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).not.toContain("<b>Co</b>");
    expect(email.html).toContain("Pro &amp; &lt;b&gt;Co&lt;/b&gt;");
  });
});
