// The `test` of every browser spec that drives pages: it fails the test on any console error,
// Content-Security-Policy violation or uncaught page error. HTTP errors a page handles (a declined
// card's 400, a wrong password's 401, an unknown order's 404) are logged by Chromium as "Failed to
// load resource" and are not problems.
import { expect, test as base } from "@playwright/test";
import { DEMO_ACCESS_TOKEN } from "./env";

export { expect };

/** The demo token's Authorization header, for API calls from specs. */
export const auth = { authorization: `Bearer ${DEMO_ACCESS_TOKEN}` };

/** Seeded by lib/seed/demo.ts (DEMO_PWYW_PRODUCT_ID): the pay-what-you-want "Acme Icons". */
export const ICONS_PRODUCT_ID = "00000000-0000-4000-8000-0000000001c0";

export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !text.startsWith("Failed to load resource")) problems.push(text);
      });
      page.on("pageerror", (error) => problems.push(`Uncaught: ${error.message}`));
      await use(problems);
      expect(problems, "console errors, CSP violations or uncaught errors").toEqual([]);
    },
    { auto: true },
  ],
});
