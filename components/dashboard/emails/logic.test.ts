// How the Emails page names an email's status: an email the embedded transport kept is "Kept (not
// sent)", never "Sent".
import { describe, expect, it } from "vitest";
import { emailStatusInfo, statusMeaning } from "./logic";

describe("emailStatusInfo", () => {
  it("names an email kept by the embedded outbox as kept, not sent, and says why", () => {
    const kept = { status: "sent", transport: "embedded" } as const;
    expect(emailStatusInfo(kept)).toEqual({
      label: "Kept (not sent)",
      tone: "zinc",
      meaning:
        "Kept here, not sent: no mail server is set up (SMTP_URL). This is what the buyer would receive.",
    });
    expect(statusMeaning(kept)).toMatch(/^Kept here, not sent/);
  });

  it("keeps the other statuses as they are", () => {
    expect(emailStatusInfo({ status: "sent", transport: "smtp" }).label).toBe("Sent");
    expect(emailStatusInfo({ status: "queued", transport: null }).label).toBe("Queued");
    expect(emailStatusInfo({ status: "failed", transport: "embedded" }).label).toBe("Failed");
  });
});
