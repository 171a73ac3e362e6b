// The `test` of every browser spec that drives pages: it fails the test on any console error,
// Content-Security-Policy violation or uncaught page error. HTTP errors a page handles (a declined
// card's 400, a wrong password's 401, an unknown order's 404) are logged by Chromium as "Failed to
// load resource" and are not problems.
// Specs make their own organization and data with ./own-organization.ts, never the demo's.
import { expect, test as base } from "@playwright/test";

export { expect };

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
