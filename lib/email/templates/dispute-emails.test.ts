// The merchant's dispute emails: the exact plain-text part of "payment disputed", and the three
// outcomes of "dispute closed" (won, lost with access taken back, an inquiry closed), escaped HTML.
import { describe, expect, it } from "vitest";
import { disputeOpened, type DisputeEmailData } from "./dispute-opened";
import { disputeClosed } from "./dispute-closed";

const brand = { name: "Acme Software", supportEmail: null };

const data: DisputeEmailData = {
  invoiceNumber: "ACME-0042",
  productName: "Acme <Pro>",
  customerEmail: "jane@example.com",
  amount: 11_900,
  currency: "usd",
  reason: "Product not received",
  evidenceDueBy: new Date("2026-12-15T23:59:59.000Z"),
  disputedAt: new Date("2026-12-01T10:00:00.000Z"),
  accessRevoked: false,
  orderUrl: "https://shop.acme.test/dashboard/acme/orders/o1",
};

describe("dispute emails", () => {
  it("payment disputed: the exact plain-text part", () => {
    const email = disputeOpened.render(data, brand);
    expect(email.subject).toBe("A payment was disputed: $119.00 on order ACME-0042");
    expect(email.text).toBe(
      [
        "A payment was disputed",
        "",
        "The buyer's bank is contesting $119.00 paid for order ACME-0042 (Acme <Pro>).",
        "",
        "Order: ACME-0042",
        "Product: Acme <Pro>",
        "Customer: jane@example.com",
        "Amount: $119.00",
        "Reason: Product not received",
        "Disputed: December 1, 2026",
        "Evidence due by: December 15, 2026",
        "",
        "Send your evidence to the payment processor by December 15, 2026; without it the dispute is lost.",
        "",
        "See the order: https://shop.acme.test/dashboard/acme/orders/o1",
        "",
        "-- ",
        "Acme Software",
        "",
      ].join("\n"),
    );
    expect(email.html).toContain("Acme &lt;Pro&gt;");
    expect(email.html).not.toContain("Acme <Pro>");
  });

  it("payment disputed without a deadline, access taken back at once", () => {
    const email = disputeOpened.render({ ...data, evidenceDueBy: null, accessRevoked: true }, brand);
    expect(email.text).not.toContain("Evidence due by");
    expect(email.text).toContain("The order's benefits were taken back: its license keys no longer work.");
  });

  it("dispute closed: won, lost or an inquiry closed", () => {
    const closed = { ...data, closedAt: new Date("2027-01-20T09:00:00.000Z") };
    const won = disputeClosed.render({ ...closed, outcome: "won", accessRevoked: false }, brand);
    expect(won.subject).toBe("A dispute was won: $119.00 on order ACME-0042");
    expect(won.text).toContain("was decided in your favour.");
    expect(won.text).toContain("Closed: January 20, 2027");
    expect(won.text).not.toContain("taken back");
    const lost = disputeClosed.render({ ...closed, outcome: "lost", accessRevoked: true }, brand);
    expect(lost.subject).toBe("A dispute was lost: $119.00 on order ACME-0042");
    expect(lost.text).toContain("was decided for the buyer.");
    expect(lost.text).toContain("its license keys no longer work");
    const inquiry = disputeClosed.render(
      { ...closed, outcome: "warning_closed", accessRevoked: false },
      brand,
    );
    expect(inquiry.subject).toBe("A payment inquiry was closed: $119.00 on order ACME-0042");
  });
});
