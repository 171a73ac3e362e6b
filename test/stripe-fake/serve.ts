// The Stripe fake as a process of its own, for the browser tests (playwright.config.ts starts it
// beside the app, whose STRIPE_API_BASE points here): Stripe's API on STRIPE_FAKE_PORT, and on the
// next port a control server for the specs, standing in for what a merchant does in Stripe's
// dashboard: POST /accounts {secretKey, publishableKey} opens an account with those keys, POST
// /webhooks {secretKey, url, secret} makes Stripe send that account's events to the URL, signed
// with the secret, as they happen; POST /disputes {paymentIntent, reason} is the buyer's bank
// disputing a payment. docs/testing-stripe.md.
import { createServer, type IncomingMessage } from "node:http";
import { createStripeFake, deliverEvent } from "./index";

const port = Number(process.env.STRIPE_FAKE_PORT ?? 12111);
const fake = createStripeFake();
await fake.listen(port);

async function json(request: IncomingMessage): Promise<Record<string, string>> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return JSON.parse(text || "{}") as Record<string, string>;
}

const control = createServer(async (request, response) => {
  try {
    if (request.method === "GET" && request.url === "/health") {
      response.writeHead(200).end("ok");
      return;
    }
    if (request.method === "POST" && request.url === "/accounts") {
      const { secretKey, publishableKey } = await json(request);
      const account = fake.addAccount({ secretKey: secretKey!, publishableKey: publishableKey! });
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: account.id }));
      return;
    }
    if (request.method === "POST" && request.url === "/webhooks") {
      const { secretKey, url, secret } = await json(request);
      const accountId = fake.accountIdOf(secretKey!);
      fake.onEvent(async (event) => {
        if (!fake.events(accountId).some((own) => own.id === event.id)) return;
        // As Stripe does, a little after the change, and again if the endpoint does not answer 2xx.
        for (let attempt = 0; attempt < 3; attempt++) {
          const status = await deliverEvent(event, url!, secret!).catch(() => 0);
          if (status >= 200 && status < 300) return;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      });
      response.writeHead(204).end();
      return;
    }
    if (request.method === "POST" && request.url === "/disputes") {
      // The buyer's bank disputes a payment (Stripe then sends charge.dispute.created).
      const { paymentIntent, reason } = await json(request);
      const dispute = fake.createDispute(paymentIntent!, reason ? { reason } : {});
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: dispute.id }));
      return;
    }
    response.writeHead(404).end();
  } catch (error) {
    response.writeHead(400).end(String(error));
  }
});
control.listen(port + 1, "127.0.0.1");
console.log(`Stripe fake on http://127.0.0.1:${port} (control on ${port + 1})`);
