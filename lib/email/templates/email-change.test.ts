// The two emails of a buyer's email change: the link to the new address (in the bodies only, never
// the subject) and the notice to the old one (the new address masked, no link), with escaping.
import { describe, expect, it } from "vitest";
import { portalEmailUpdate } from "./portal-email-update";
import { customerEmailChanged } from "./customer-email-changed";

const brand = { name: "Acme <Software>", supportEmail: "help@acme.test" };

describe("portal email update link", () => {
  it("carries the link in its bodies, never in the subject", () => {
    const url = "http://localhost:3000/portal/acme#email_update_token=ceu_secret";
    const email = portalEmailUpdate.render(
      { customerName: "Jane", newEmail: "jane@new.example", confirmUrl: url, validForMinutes: 30 },
      brand,
    );
    expect(portalEmailUpdate.kind).toBe("portal_email_update");
    expect(email.subject).toBe("Confirm your new email address for Acme <Software>");
    expect(email.subject).not.toContain("ceu_secret");
    expect(email.text).toContain(`\n\n${url}\n\n`);
    expect(email.text).toContain("The link works once, for 30 minutes.");
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain("Acme &lt;Software&gt;");
  });
});

describe("customer email changed notice", () => {
  it("says where emails go now (masked) and what to do if it was not the buyer", () => {
    const email = customerEmailChanged.render(
      { customerName: null, maskedNewEmail: "j***@new.example", changedAt: new Date("2026-11-30T09:15:00Z") },
      brand,
    );
    expect(customerEmailChanged.kind).toBe("customer_email_changed");
    expect(email.subject).toBe("Your email address for Acme <Software> was changed");
    expect(email.text).toContain("was changed to j***@new.example on November 30, 2026 at 9:15 AM UTC.");
    expect(email.text).toContain("If you did not make this change, write to help@acme.test at once.");
    expect(email.html).not.toContain('<a href="http');
  });
});
