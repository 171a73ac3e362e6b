// Settings the server cannot run with stop its start-up (lib/boot.ts) in a real process, with a
// message naming the setting, before the database is even opened.
import { describe, expect, it } from "vitest";
import { runTypeScript } from "./node-process";

const boot = (env: Record<string, string>) =>
  runTypeScript("test/fixtures/boot-process.ts", [], {
    DATA_DIR: "memory://boot-refusal",
    APP_SECRET: "boot-refusal-secret-long-enough-0123456789",
    SEED_DEMO: "false",
    ...env,
  });

describe("start-up refuses", () => {
  it("an unknown PAYMENT_PROCESSOR, as a bad SMTP_URL", async () => {
    const unknown = await boot({ PAYMENT_PROCESSOR: "stripe" });
    expect(unknown).toEqual({
      code: 1,
      stdout: "",
      stderr:
        '\nPAYMENT_PROCESSOR names no payment processor this server has (got "stripe"); the processors ' +
        'it has: test. Unset, it is "test".\n\n',
    });
    const smtp = await boot({ SMTP_URL: "http://mail.example.com" });
    expect(smtp).toMatchObject({ code: 1, stdout: "" });
    expect(smtp.stderr).toMatch(/^\nSMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  }, 120_000);
});
