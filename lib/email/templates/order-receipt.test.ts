// The purchase receipt's content: the exact plain-text part, the HTML part's escaping, and the
// shared layout (organization name, support address).
import { describe, expect, it } from "vitest";
import { reverseChargeLines } from "../../tax/reverse-charge";
import { escapeHtml, html, singleLine } from "./html";
import { orderReceipt, type OrderReceiptData } from "./order-receipt";

const brand = { name: "Acme Software", supportEmail: "help@acme.test" };

const data: OrderReceiptData = {
  customerName: "Jane Doe",
  orderId: "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
  invoiceNumber: "ACME-0042",
  orderedAt: new Date("2026-11-27T10:43:12.345Z"),
  productName: "Acme Pro",
  recurringInterval: "month",
  currency: "usd",
  amounts: { subtotal: 2000, discount: 200, tax: 342, total: 2142 },
  discountName: "Launch week",
  discountDisclosure: "$21.42 today, then $23.80 / month",
  licenseKeys: [
    { key: "ACME-0B3F-4C2A-9D1E", benefit: "License key", expiresAt: new Date("2027-11-27T10:43:12.345Z") },
    { key: "ACME-77AA-1234-FFFF", benefit: "Plugin key", expiresAt: null },
  ],
  purchaseUrl: "http://localhost:3000/checkout/cs_abc/confirmation",
  receiptUrl: "http://localhost:3000/receipts/5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01.sig",
};

describe("order receipt", () => {
  it("renders the exact plain-text part", () => {
    const email = orderReceipt.render(data, brand);
    expect(email.subject).toBe("Your receipt from Acme Software");
    expect(email.text).toBe(
      [
        "Your receipt",
        "",
        "Hi Jane Doe,",
        "",
        "Thank you for your purchase from Acme Software. This is your receipt.",
        "",
        "Order: ACME-0042",
        "Date: November 27, 2026",
        "Product: Acme Pro (monthly subscription)",
        "",
        "Subtotal: $20.00",
        "Discount (Launch week): -$2.00",
        "Tax: $3.42",
        "Total paid: $21.42",
        "",
        "$21.42 today, then $23.80 / month.",
        "",
        "Your license keys:",
        "ACME-0B3F-4C2A-9D1E",
        "  (License key, valid until November 27, 2027)",
        "ACME-77AA-1234-FFFF",
        "  (Plugin key)",
        "",
        "Your receipt: http://localhost:3000/receipts/5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01.sig",
        "Your purchase: http://localhost:3000/checkout/cs_abc/confirmation",
        "",
        "-- ",
        "Acme Software",
        "Questions? Write to help@acme.test.",
        "",
      ].join("\n"),
    );
  });

  it("leaves out what a purchase does not have, and adds the portal link when given", () => {
    const email = orderReceipt.render(
      {
        ...data,
        customerName: null,
        recurringInterval: null,
        currency: "jpy",
        amounts: { subtotal: 500, discount: 0, tax: 0, total: 500 },
        discountName: null,
        discountDisclosure: null,
        licenseKeys: [],
        purchaseUrl: null,
        receiptUrl: null,
        portalUrl: "http://localhost:3000/portal",
      },
      { name: "Acme Software", supportEmail: null },
    );
    expect(email.text).toBe(
      [
        "Your receipt",
        "",
        "Hi,",
        "",
        "Thank you for your purchase from Acme Software. This is your receipt.",
        "",
        "Order: ACME-0042",
        "Date: November 27, 2026",
        "Product: Acme Pro",
        "",
        "Subtotal: ¥500",
        "Total paid: ¥500",
        "",
        "Manage your purchases: http://localhost:3000/portal",
        "",
        "-- ",
        "Acme Software",
        "",
      ].join("\n"),
    );
    expect(email.html).not.toContain("mailto:");
    expect(email.html).toContain('href="http://localhost:3000/portal"');
  });

  it("says the reverse charge with both VAT IDs, in both parts", () => {
    const lines = reverseChargeLines({ sellerVatId: "FR40303265045", buyerVatId: "DE123456789" });
    const email = orderReceipt.render({ ...data, reverseCharge: lines }, brand);
    expect(email.text).toContain(lines.join("\n"));
    expect(email.text).toContain("Article 196, Council Directive 2006/112/EC");
    expect(email.html).toContain("Seller&#39;s VAT ID: FR40303265045");
    expect(email.html).toContain("Buyer&#39;s VAT ID: DE123456789");
    expect(orderReceipt.render(data, brand).text).not.toContain("Reverse charge");
  });

  it("has the same facts in its HTML part, in the shared layout", () => {
    const email = orderReceipt.render(data, brand);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain("<title>Your receipt from Acme Software</title>");
    for (const fact of [
      "ACME-0B3F-4C2A-9D1E",
      "ACME-77AA-1234-FFFF",
      "$21.42",
      "-$2.00",
      "$3.42",
      "Jane Doe",
    ])
      expect(email.html).toContain(fact);
    expect(email.html).toContain('href="http://localhost:3000/checkout/cs_abc/confirmation"');
    expect(email.html).toContain('href="mailto:help@acme.test"');
  });

  it("escapes every name that comes from the merchant or the buyer", () => {
    const hostile = `<script>alert("x")</script>`;
    const email = orderReceipt.render(
      {
        ...data,
        productName: `Pro ${hostile}`,
        customerName: `Jane <img src=x onerror=alert(1)>`,
        discountName: `"><b>free</b>`,
        licenseKeys: [{ key: "KEY-<b>", benefit: hostile, expiresAt: null }],
      },
      { name: `Acme & Sons ${hostile}`, supportEmail: `help@acme.test"><script>` },
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("Pro &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain("Acme &amp; Sons &lt;script&gt;");
    expect(email.html).toContain('href="mailto:help@acme.test&quot;&gt;&lt;script&gt;"');
    // The plain-text part is text: it says what the merchant typed.
    expect(email.text).toContain(`Product: Pro ${hostile} (monthly subscription)`);
  });
});

describe("html", () => {
  it("escapes values, keeps nested fragments and lists, drops null and false", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<p title="${`a"b'c`}">${inner}${[html`<br />`, "&"]}${null}${false}${0}</p>`.value).toBe(
      '<p title="a&quot;b&#39;c"><b>&lt;i&gt;</b><br />&amp;0</p>',
    );
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
    expect(singleLine("Line one\r\nBcc: x@y.z\u2028end")).toBe("Line one Bcc: x@y.z end");
  });
});
