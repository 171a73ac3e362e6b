// The portal sign-in code email: the exact plain-text part, the code in both bodies and never in
// the subject, and the HTML part's escaping.
import { describe, expect, it } from "vitest";
import { portalSignInCode, type PortalSignInCodeData } from "./portal-sign-in-code";

const brand = { name: "Acme Software", supportEmail: "help@acme.test" };
const data: PortalSignInCodeData = {
  customerName: "Jane Doe",
  code: "042917",
  validForMinutes: 10,
  portalUrl: "http://localhost:3000/portal/acme",
};

describe("portal sign-in code", () => {
  it("renders the exact plain-text part, with the code in the body only", () => {
    const email = portalSignInCode.render(data, brand);
    expect(portalSignInCode.kind).toBe("portal_sign_in_code");
    expect(email.subject).toBe("Your sign-in code for Acme Software");
    expect(email.subject).not.toContain("042917");
    expect(email.text).toBe(
      [
        "Your sign-in code",
        "",
        "Hi Jane Doe,",
        "",
        "Use this code to sign in to Acme Software's customer portal:",
        "",
        "    042917",
        "",
        "It works once, for 10 minutes.",
        "",
        "Sign in at: http://localhost:3000/portal/acme",
        "",
        "If you did not ask for it, ignore this email: nobody can sign in without the code.",
        "",
        "-- ",
        "Acme Software",
        "Questions? Write to help@acme.test.",
        "",
      ].join("\n"),
    );
  });

  it("has the code and the portal link in its HTML part, and no code in the title or preview", () => {
    const email = portalSignInCode.render(
      { ...data, customerName: null },
      { name: "Acme", supportEmail: null },
    );
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain(">042917</code");
    expect(email.html).toContain('href="http://localhost:3000/portal/acme"');
    expect(email.html).toContain("<title>Your sign-in code for Acme</title>");
    expect(email.html.match(/042917/g)).toHaveLength(1);
    expect(email.text).toContain("Hi,\n");
    expect(email.html).not.toContain("mailto:");
  });

  it("escapes the organization's and the buyer's names", () => {
    const hostile = `<script>alert("x")</script>`;
    const email = portalSignInCode.render(
      { ...data, customerName: `Jane ${hostile}` },
      { name: `Acme & ${hostile}`, supportEmail: null },
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("Acme &amp; &lt;script&gt;");
    expect(email.text).toContain(`Hi Jane ${hostile},`);
  });
});
