// The demo purchase script against the real server (production build, its own job worker): a
// buyer's purchase over HTTP ends with an active subscription and a license key that activates.
// Its subject is the demo (the README's `npm run demo:purchase`), so it uses the demo organization.
import { expect, test } from "@playwright/test";
import { demoPurchase, httpApi } from "../scripts/demo-purchase";
import { DEMO_ACCESS_TOKEN, E2E_BASE_URL } from "./env";

test("the demo purchase completes over HTTP", async () => {
  const result = await demoPurchase(httpApi(E2E_BASE_URL), DEMO_ACCESS_TOKEN, {
    log: (line) => console.log(line),
  });
  expect(result.licenseKey).toMatch(/-/);
  // The server's worker is woken by the confirm, not left to its next poll.
  expect(result.confirmToSucceededMs).toBeLessThan(3000);
});
