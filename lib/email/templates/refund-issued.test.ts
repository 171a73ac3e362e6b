// The "refund issued" email's content: the exact plain-text part (with and without the access taken
// back), the HTML part's facts in the shared layout, and escaping.
import { describe, expect, it } from "vitest";
import { refundIssued, type RefundIssuedData } from "./refund-issued";

const brand = { name: "Acme Software", supportEmail: "help@acme.test" };

const data: RefundIssuedData = {
  customerName: "Jane Doe",
  orderId: "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
  invoiceNumber: "ACME-0042",
  orderedAt: new Date("2026-11-27T10:43:12.345Z"),
  productName: "Acme Pro",
  currency: "usd",
  amount: 11_900,
  taxAmount: 1_900,
  orderTotal: 11_900,
  refundedTotal: 11_900,
  refundedAt: new Date("2026-11-28T08:00:00.000Z"),
  accessRevoked: true,
};

describe("refund issued", () => {
  it("renders the exact plain-text part", () => {
    const email = refundIssued.render(data, brand);
    expect(email.subject).toBe("Your refund from Acme Software");
    expect(email.text).toBe(
      [
        "Refund issued",
        "",
        "Hi Jane Doe,",
        "",
        "Acme Software has refunded $119.00 for your order. It goes back to the payment method you paid with; your bank may take a few days to show it.",
        "",
        "Order: ACME-0042",
        "Ordered: November 27, 2026",
        "Product: Acme Pro",
        "Refund date: November 28, 2026",
        "",
        "Refunded now: $119.00",
        "Of which tax: $19.00",
        "Order total: $119.00",
        "Refunded in all: $119.00",
        "",
        "Access to Acme Pro has ended with this refund: its license keys no longer work.",
        "",
        "-- ",
        "Acme Software",
        "Questions? Write to help@acme.test.",
        "",
      ].join("\n"),
    );
  });

  it("says access is kept on a partial refund without tax, and leaves out what is not there", () => {
    const email = refundIssued.render(
      { ...data, customerName: null, amount: 500, taxAmount: 0, refundedTotal: 500, accessRevoked: false },
      { name: "Acme Software", supportEmail: null },
    );
    expect(email.text).toContain("Hi,\n\nAcme Software has refunded $5.00 for your order.");
    expect(email.text).toContain("Refunded now: $5.00\nOrder total: $119.00\nRefunded in all: $5.00");
    expect(email.text).not.toContain("Of which tax");
    expect(email.text).toContain("Your access to Acme Pro is not affected by this refund.");
    expect(email.html).not.toContain("mailto:");
  });

  it("has the same facts in its HTML part, in the shared layout", () => {
    const email = refundIssued.render(data, brand);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain("<title>Your refund from Acme Software</title>");
    for (const fact of [
      "$119.00",
      "$19.00",
      "Jane Doe",
      data.invoiceNumber,
      "its license keys no longer work",
    ])
      expect(email.html).toContain(fact);
    expect(email.html).toContain('href="mailto:help@acme.test"');
  });

  it("escapes every name that comes from the merchant or the buyer", () => {
    const hostile = `<script>alert("x")</script>`;
    const email = refundIssued.render(
      { ...data, productName: `Pro ${hostile}`, customerName: `Jane <img src=x onerror=alert(1)>` },
      { name: `Acme & Sons ${hostile}`, supportEmail: null },
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("Pro &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.text).toContain(`Product: Pro ${hostile}`);
  });
});
