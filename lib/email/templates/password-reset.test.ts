// The password reset email: the exact plain-text part, the link (it holds the token) in both
// bodies and never in the subject, title or preview, and the HTML part's escaping.
import { describe, expect, it } from "vitest";
import { passwordReset, type PasswordResetData } from "./password-reset";

const brand = { name: "Digital Sales", supportEmail: null };
const url = "http://localhost:3000/dashboard/reset-password#token=dpr_secret-token";
const data: PasswordResetData = { userName: "Mia Merchant", resetUrl: url, validForMinutes: 30 };

describe("password reset email", () => {
  it("renders the exact plain-text part, with the link in the body only", () => {
    const email = passwordReset.render(data, brand);
    expect(passwordReset.kind).toBe("password_reset");
    expect(email.subject).toBe("Reset your Digital Sales password");
    expect(email.text).toBe(
      [
        "Reset your password",
        "",
        "Hi Mia Merchant,",
        "",
        "Someone (we hope you) asked to reset the password of your dashboard account.",
        "",
        "Choose a new password here:",
        "",
        `    ${url}`,
        "",
        "The link works once, for 30 minutes. Setting a new password signs your account out everywhere.",
        "",
        "If you did not ask for it, ignore this email: your password stays as it is.",
        "",
        "-- ",
        "Digital Sales",
        "",
      ].join("\n"),
    );
  });

  it("has the link once in its HTML part, and no token in the title or preview", () => {
    const email = passwordReset.render({ ...data, userName: null }, brand);
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html.match(/secret-token/g)).toHaveLength(1);
    expect(email.html).toContain("<title>Reset your Digital Sales password</title>");
    expect(email.text).toContain("Hi,\n");
  });

  it("escapes the merchant's name", () => {
    const email = passwordReset.render({ ...data, userName: `<script>alert("x")</script>` }, brand);
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });
});
