// Browser tests against a production build (`next build`, then the app's own server as `npm start`
// runs it: scripts/serve.mjs, which opens the database before it listens), on Debian's chromium:
// `npx playwright install` cannot download browsers on these machines.
import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import {
  DEMO_ACCESS_TOKEN,
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  E2E_BASE_URL,
  E2E_PORT,
  E2E_STRIPE_API,
  E2E_STRIPE_CONTROL,
  E2E_STRIPE_PORT,
} from "./e2e/env";

// Debian's Chromium in its headless shell when installed (`apt-get install chromium-headless-shell`,
// as .ci/run does): the same engine without the full browser's compositor and GPU process, which
// Playwright itself prefers for headless runs; the whole suite takes about 30 % less time on a 2-core
// machine (5.6 min instead of 7.7). Otherwise the full browser; E2E_CHROMIUM names another.
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  (fs.existsSync("/usr/bin/chromium-headless-shell")
    ? "/usr/bin/chromium-headless-shell"
    : "/usr/bin/chromium");

// A fresh embedded database per run (unless DATABASE_URL points at PostgreSQL), so runs never see
// each other's data nor a developer's .data folder, which a running `npm start` would hold locked.
const database: Record<string, string> = process.env.DATABASE_URL
  ? {}
  : { DATA_DIR: `.data/e2e-${new Date().toISOString().replace(/[:.]/g, "-")}` };

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  forbidOnly: !!process.env.CI,
  // Two browsers at once in CI: every spec makes its own organization, and the waits of one (the
  // server's jobs, a page's network) overlap the other's work: 80 tests in 3.3 min on a quiet
  // 2-core machine, where 68 took 5.5–5.9 min one at a time. Elsewhere Playwright's default.
  workers: process.env.CI ? 2 : undefined,
  use: {
    baseURL: E2E_BASE_URL,
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // Stripe's API for the organizations that connect Stripe (e2e/stripe-account.ts).
      command: "node --import tsx test/stripe-fake/serve.ts",
      url: `${E2E_STRIPE_CONTROL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { STRIPE_FAKE_PORT: String(E2E_STRIPE_PORT) },
    },
    {
      // CI builds ahead, beside the unit tests (E2E_PREBUILT=1, .ci/run); a run by hand builds here.
      command: process.env.E2E_PREBUILT
        ? "node scripts/serve.mjs start"
        : "node_modules/.bin/next build && node scripts/serve.mjs start",
      url: `${E2E_BASE_URL}/`,
      reuseExistingServer: false,
      // The build, then a fresh embedded database (initdb, migrations, demo seed) before the server listens.
      timeout: 300_000,
      stdout: "pipe",
      env: {
        ...database,
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        NEXT_TELEMETRY_DISABLED: "1",
        PUBLIC_BASE_URL: E2E_BASE_URL,
        SEED_DEMO: "true",
        DEMO_ACCESS_TOKEN,
        DEMO_ADMIN_EMAIL,
        DEMO_ADMIN_PASSWORD,
        // Every browser test comes from 127.0.0.1 without a proxy header: one shared IP budget.
        RATE_LIMIT_IP_PER_MINUTE: "100000",
        // e2e/dashboard-webhooks.spec.ts delivers to a receiver of its own on 127.0.0.1.
        WEBHOOKS_ALLOW_PRIVATE: "true",
        STRIPE_API_BASE: E2E_STRIPE_API,
      },
    },
  ],
});
