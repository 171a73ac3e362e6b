// The fake Stripe.js (./fake-stripe-js.ts) on its own, before the checkout uses it: a blank page
// under a Stripe session's kind of CSP loads it the way @stripe/stripe-js does, mounts the Payment
// Element, and its calls reach a stub Stripe fake started here (the checkout spec uses the real
// fake). Not a page of the app: it needs no organization and no sign-in.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "./fixtures";
import { AUTHENTICATION_FAILED_MESSAGE, serveFakeStripeJs } from "./fake-stripe-js";

type Call = { method: string; path: string; authorization: string | undefined; body: URLSearchParams };

let server: Server;
let apiBase: string;
const calls: Call[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(body));
  });
}

test.beforeAll(async () => {
  let tokens = 0;
  server = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request));
    const path = request.url ?? "";
    calls.push({ method: request.method ?? "", path, authorization: request.headers.authorization, body });
    response.setHeader("content-type", "application/json");
    if (request.method === "POST" && path === "/v1/test_helpers/confirmation_tokens") {
      if (body.get("card[number]") === "4000000000000069") {
        response.statusCode = 402;
        return response.end(
          JSON.stringify({ error: { type: "card_error", message: "Your card has expired." } }),
        );
      }
      return response.end(JSON.stringify({ id: `ctoken_${++tokens}`, object: "confirmation_token" }));
    }
    const action = /^\/v1\/test_helpers\/next_action\/(pi_\w+)$/.exec(path);
    if (request.method === "POST" && action) {
      const status = body.get("outcome") === "succeed" ? "succeeded" : "requires_payment_method";
      return response.end(JSON.stringify({ id: action[1], status }));
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "No such route" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

// The release train @stripe/stripe-js loads, read from the installed package: an upgrade that moves
// it shows here, not as a checkout that waits for Stripe.js forever.
const stripeJsUrl = (() => {
  const source = readFileSync(
    path.resolve(import.meta.dirname, "../node_modules/@stripe/stripe-js/dist/pure.mjs"),
    "utf8",
  );
  const train = /RELEASE_TRAIN = '([a-z]+)'/.exec(source)?.[1];
  return `https://js.stripe.com/${train}/stripe.js`;
})();

// A blank page on its own origin with the policy a Stripe session's checkout has (proxy.ts): its
// one nonced script injects Stripe.js as @stripe/stripe-js does, so 'strict-dynamic' admits it.
const PAGE = "https://shop.example/pay";
const POLICY =
  "default-src 'self'; script-src 'self' 'nonce-spec' 'strict-dynamic' https://js.stripe.com; " +
  "style-src 'self' 'nonce-spec'; connect-src 'self' https://api.stripe.com; " +
  "frame-src 'self' https://js.stripe.com https://hooks.stripe.com; object-src 'none'; base-uri 'none'";
const HTML = `<!doctype html><html><head><title>Pay</title>
<script nonce="spec">
  window.stripeLoaded = new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = ${JSON.stringify(stripeJsUrl)};
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Stripe.js did not load"));
    document.head.append(script);
  });
</script></head><body><form><div id="payment"></div></form></body></html>`;

test.beforeEach(async ({ page }) => {
  calls.length = 0;
  await serveFakeStripeJs(page, { apiBase });
  await page.route(PAGE, (route) =>
    route.fulfill({ contentType: "text/html", headers: { "content-security-policy": POLICY }, body: HTML }),
  );
  await page.goto(PAGE);
  expect(stripeJsUrl).toBe("https://js.stripe.com/endive/stripe.js");
  await page.evaluate(async () => {
    const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    await w.stripeLoaded;
    w.stripe = w.Stripe("pk_test_fake123");
    w.elements = w.stripe.elements({
      mode: "payment",
      amount: 1000,
      currency: "usd",
      paymentMethodCreation: "manual",
    });
    w.payment = w.elements.create("payment", { layout: "tabs" });
    w.ready = new Promise((resolve) => w.payment.on("ready", resolve));
    w.payment.mount("#payment");
    await w.ready;
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, as the script sets them
type PageGlobals = Record<string, any>;

test("mounts card inputs labelled like Stripe's, checks them as Stripe does, and makes a confirmation token", async ({
  page,
}) => {
  const payment = page.locator("#payment");
  await expect(payment.getByLabel("Card number")).toBeVisible();
  await expect(payment.getByLabel("Expiration date")).toBeVisible();
  await expect(payment.getByLabel("Security code")).toBeVisible();

  const submit = () => page.evaluate(() => (window as unknown as PageGlobals).elements.submit());
  expect(await submit()).toEqual({
    error: {
      type: "validation_error",
      code: "incomplete_number",
      message: "Your card number is incomplete.",
    },
  });
  await payment.getByLabel("Card number").fill("4242 4242 4242 4241");
  expect((await submit()).error.code).toBe("invalid_number");
  await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
  await payment.getByLabel("Expiration date").fill("12/20");
  expect((await submit()).error.message).toBe("Your card's expiration year is in the past.");
  await payment.getByLabel("Expiration date").fill("12/34");
  expect((await submit()).error.message).toBe("Your card's security code is incomplete.");
  await payment.getByLabel("Security code").fill("123");
  expect(await submit()).toEqual({});
  expect(calls).toEqual([]);

  const token = await page.evaluate(() => {
    const w = window as unknown as PageGlobals;
    return w.stripe.createConfirmationToken({
      elements: w.elements,
      params: { payment_method_data: { billing_details: { email: "buyer@example.com", name: "Ada Buyer" } } },
    });
  });
  expect(token).toEqual({ confirmationToken: { id: "ctoken_1", object: "confirmation_token" } });
  const posts = calls.filter((call) => call.method === "POST");
  expect(posts).toHaveLength(1);
  expect(posts[0]!.path).toBe("/v1/test_helpers/confirmation_tokens");
  expect(posts[0]!.authorization).toBe("Bearer pk_test_fake123");
  expect(Object.fromEntries(posts[0]!.body)).toEqual({
    "card[number]": "4242424242424242",
    "card[exp_month]": "12",
    "card[exp_year]": "2034",
    "card[cvc]": "123",
    "billing_details[email]": "buyer@example.com",
    "billing_details[name]": "Ada Buyer",
  });

  // Stripe's refusal comes back as Stripe.js gives it.
  await payment.getByLabel("Card number").fill("4000 0000 0000 0069");
  const refused = await page.evaluate(() => {
    const w = window as unknown as PageGlobals;
    return w.stripe.createConfirmationToken({ elements: w.elements });
  });
  expect(refused).toEqual({ error: { type: "card_error", message: "Your card has expired." } });

  // What Elements was told, for the checkout spec's assertions.
  await page.evaluate(() => (window as unknown as PageGlobals).elements.update({ amount: 2380 }));
  expect(await page.evaluate(() => (window as unknown as PageGlobals).__fakeStripe.elementsOptions)).toEqual({
    mode: "payment",
    amount: 2380,
    currency: "usd",
    paymentMethodCreation: "manual",
  });
});

test("handleNextAction shows the 3D Secure test page; Complete succeeds, Fail is Stripe's error", async ({
  page,
}) => {
  const handle = () =>
    page.evaluate(() =>
      (window as unknown as PageGlobals).stripe.handleNextAction({ clientSecret: "pi_3Abc_secret_xyz" }),
    );
  const dialog = page.getByRole("dialog", { name: "3D Secure 2 Test Page" });

  const completed = handle();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Complete" }).click();
  expect(await completed).toEqual({ paymentIntent: { id: "pi_3Abc", status: "succeeded" } });
  await expect(dialog).toHaveCount(0);

  const failed = handle();
  await dialog.getByRole("button", { name: "Fail" }).click();
  expect(await failed).toEqual({
    error: {
      type: "invalid_request_error",
      code: "payment_intent_authentication_failure",
      message: AUTHENTICATION_FAILED_MESSAGE,
    },
  });
  expect(
    calls
      .filter((call) => call.method === "POST")
      .map((call) => [call.path, call.body.get("outcome"), call.authorization]),
  ).toEqual([
    ["/v1/test_helpers/next_action/pi_3Abc", "succeed", "Bearer pk_test_fake123"],
    ["/v1/test_helpers/next_action/pi_3Abc", "fail", "Bearer pk_test_fake123"],
  ]);

  // An attacker's client secret never becomes a request.
  const forged = await page.evaluate(() =>
    (window as unknown as PageGlobals).stripe.handleNextAction({ clientSecret: "../../v1/charges?x=" }),
  );
  expect(forged.error.type).toBe("invalid_request_error");
  expect(calls.filter((call) => call.method === "POST")).toHaveLength(2);
});
