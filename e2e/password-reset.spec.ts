// A merchant who forgot the password, on a phone (375 px wide): the app's own server on a fresh
// embedded database, sending email through SMTP to a mail server this test runs (as an install
// with SMTP_URL does). The merchant is set up first with the setup code the server printed. Then,
// signed out at the sign-in page: "Forgot password?", the email, the link from the email received,
// a new password, sign-in with it (the old one refused), and in the dashboard a change of password
// and sign-out. The reset email is read from the mail server: it is in no organization's outbox
// (GET /v1/emails/), so no access token can read its link (docs/accounts.md).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-server";
import { E2E_PORT } from "./env";
import { outputMatches } from "./server-output";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 21;
const base = `http://127.0.0.1:${port}`;
const EMAIL = "forgetful@shop.test";
const FIRST_PASSWORD = "the password I forgot";
const NEW_PASSWORD = "a password to remember";

let server: ChildProcess | null = null;
let smtp: TestSmtpServer;
let output = "";

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "password-reset-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: base,
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
    RATE_LIMIT_IP_PER_MINUTE: "100000",
    JOB_POLL_MS: "200",
  };
  delete env.DATABASE_URL;
  delete env.DEMO_ACCESS_TOKEN;
  server = spawn(process.execPath, ["scripts/serve.mjs", "start"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  await outputMatches(server, () => output, /Ready on http/, 150_000);
  // The merchant of this install (the setup screen itself is e2e/real-install.spec.ts's).
  const setupCode = /Setup code: +([A-Z0-9-]+)/.exec(output)?.[1];
  const setup = await request.post(`${base}/v1/auth/setup`, {
    data: {
      setup_code: setupCode,
      email: EMAIL,
      password: FIRST_PASSWORD,
      organization_name: "Forgetful Software",
      organization_slug: "forgetful",
    },
  });
  expect(setup.status()).toBe(201);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await smtp?.close();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function signIn(page: Page, password: string) {
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.use({ viewport: { width: 375, height: 740 } });

test("forgot password on a phone: emailed link, new password, sign in; then change it in the dashboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/dashboard/sign-in`);
  await expect(page.getByRole("heading", { name: "Sign in to your dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(`${base}/dashboard/forgot-password`);
  await page.getByLabel("Email").fill(EMAIL);
  await shot(page, "01-forgot");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await shot(page, "02-check-email");

  // The email, as the merchant's mail server received it.
  await expect.poll(() => smtp.messages.length, { timeout: 30_000 }).toBe(1);
  const message = smtp.messages[0]!;
  expect(message.subject).toBe("Reset your Digital Sales password");
  expect(message.subject).not.toContain("dpr_");
  const link = /(http:\/\/\S+\/dashboard\/reset-password#token=dpr_[\w-]+)/.exec(message.text ?? "")?.[1];
  expect(link).toBeTruthy();
  expect(message.html).toContain(link!);

  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // The token leaves the address bar (and history) once read.
  await expect(page).toHaveURL(`${base}/dashboard/reset-password`);
  await page.getByLabel("New password (at least 10 characters)").fill("too short");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await page.getByLabel("New password (at least 10 characters)").fill(NEW_PASSWORD);
  await shot(page, "03-new-password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("heading", { name: "Your password is changed" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to your dashboard" })).toBeVisible();

  // The link works once (opened from another page: a full load, not a change of fragment).
  await page.goto(link!);
  await page.getByLabel("New password (at least 10 characters)").fill("one more new password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "already used or expired" })).toBeVisible();
  await shot(page, "04-used-link");

  await page.goto(`${base}/dashboard/sign-in`);
  await signIn(page, FIRST_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Email or password is incorrect." })).toBeVisible();
  await signIn(page, NEW_PASSWORD);
  await expect(page).toHaveURL(`${base}/dashboard/forgetful`);

  // Changing it from the dashboard: the current password is needed. On a phone the account's links
  // are in the menu.
  await page.getByRole("button", { name: /^Menu/ }).click();
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
  await page.getByLabel("Current password").fill("not my password at all");
  await page.getByLabel("New password (at least 10 characters)").fill("my third password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This is not your current password.")).toBeVisible();
  await page.getByLabel("Current password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText("Password changed. Your other sessions were signed out.");
  await shot(page, "05-changed");

  // This session stayed; signing out (a cookie write with its CSRF token) ends it.
  await page.getByRole("button", { name: /^Menu/ }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await signIn(page, "my third password");
  // Signed in again with the changed password: the dashboard, or the password page when the
  // sign-out's redirect kept it as `next` (the sign-out races the page's session check).
  await expect(page).toHaveURL(new RegExp(`^${base}/dashboard/forgetful(/password)?$`));
  await page.getByRole("button", { name: /^Menu/ }).click();
  await expect(page.getByRole("link", { name: "Change password" })).toBeVisible();
});
