// The transports and the From header, on their own: SMTP against a real local server (a wrong
// login fails without the password in the error), the embedded transport's notice, masking, and a
// From display name that no organization name can break out of.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, SMTP_PASSWORD, type TestSmtpServer } from "@/test/smtp-server";
import { embeddedNotice, embeddedTransport, maskAddress, smtpTransport, type MailMessage } from "./transport";
import { formatFrom, fromName, parseFrom } from "./queue";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const message: MailMessage = {
  emailId: "7f0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
  messageId: "<7f0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01@shop.example.com>",
  from: { name: "Acme, Inc. ✓", address: "receipts@shop.example.com" },
  to: "buyer@example.com",
  replyTo: null,
  subject: "Your receipt from Acme, Inc. ✓",
  text: "Key: SECRET-KEY-1",
  html: "<p>Key: SECRET-KEY-1</p>",
};

describe("smtpTransport", () => {
  it("delivers both parts with the given Message-ID, From name and no Reply-To when there is none", async () => {
    const result = await smtpTransport(smtp.url).send(message);
    expect(result.messageId).toBe(message.messageId);
    const received = smtp.messages.at(-1)!;
    expect(received.messageId).toBe(message.messageId);
    expect(received.from?.value).toEqual([{ name: "Acme, Inc. ✓", address: "receipts@shop.example.com" }]);
    expect(received.replyTo).toBeUndefined();
    expect(received.subject).toBe("Your receipt from Acme, Inc. ✓");
    expect(received.text?.trim()).toBe("Key: SECRET-KEY-1");
    expect(received.html).toContain("<p>Key: SECRET-KEY-1</p>");
  });

  it("fails on a wrong login without the password in the error", async () => {
    const wrong = smtp.url.replace(SMTP_PASSWORD, "not-the-password-123");
    const error = await smtpTransport(wrong)
      .send(message)
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toMatch(/Invalid login|auth/i);
    expect(error!.message).not.toContain("not-the-password-123");
  });
});

describe("the embedded transport", () => {
  it("prints one masked line and nothing of the body", async () => {
    const lines: string[] = [];
    const result = await embeddedTransport((line) => lines.push(line)).send({
      ...message,
      subject: "Receipt\r\nBcc: everyone@example.com",
    });
    expect(result.messageId).toBe(message.messageId);
    expect(lines).toEqual([
      `Email ${message.emailId} to b***@example.com: Receipt Bcc: everyone@example.com ` +
        "(embedded transport; see the dashboard Emails page)",
    ]);
    expect(embeddedNotice(message)).not.toContain("SECRET-KEY-1");
  });

  it("masks addresses down to their first letter and domain", () => {
    expect(maskAddress("buyer@example.com")).toBe("b***@example.com");
    expect(maskAddress("a@b.c")).toBe("a***@b.c");
    expect(maskAddress("weird")).toBe("***");
  });
});

describe("the From header", () => {
  it("keeps an organization's name inside the display name whatever it holds", () => {
    const name = fromName('Acme "Tools" <x@evil.test>\r\nBcc: all@example.com \\');
    expect(name).toBe("Acme Tools x@evil.test Bcc: all@example.com");
    const from = formatFrom(name, "no-reply@localhost");
    expect(from).toBe('"Acme Tools x@evil.test Bcc: all@example.com" <no-reply@localhost>');
    expect(parseFrom(from)).toEqual({ name, address: "no-reply@localhost" });
    expect(fromName("  \r\n ")).toBe("Orders");
  });
});
