// The "done means", on whichever database the suite runs on: the demo purchase script
// (scripts/demo-purchase.ts) against the demo data, through the real route handlers, with the job
// worker running as it does in the server.
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/runtime";
import { jobHandlers } from "@/lib/composition/jobs";
import { seedDemo } from "@/lib/seed/demo";
import { demoBaseUrl, demoPurchase, httpApi, type ApiCall } from "@/scripts/demo-purchase";
import type { RouteHandler } from "@/lib/api/handler";
import { call } from "./http";
import * as orders from "@/app/v1/orders/route";
import * as order from "@/app/v1/orders/[id]/route";
import * as checkouts from "@/app/v1/checkouts/custom/route";
import * as clientCheckout from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import * as confirm from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import * as licenseKeys from "@/app/v1/license-keys/route";
import * as activate from "@/app/v1/customer-portal/license-keys/activate/route";
import * as validate from "@/app/v1/customer-portal/license-keys/validate/route";

const TOKEN = "oat_demo_purchase_test_000000000000000000000000000000";

type Module = Record<string, RouteHandler>;
// The few routes the script calls, matched as Next.js would match their folders.
const ROUTES: [RegExp, Module][] = [
  [/^\/v1\/orders\/?$/, orders],
  [/^\/v1\/orders\/(?<id>[^/]+)$/, order],
  [/^\/v1\/checkouts\/custom\/?$/, checkouts],
  [/^\/v1\/checkouts\/custom\/client\/(?<client_secret>[^/]+)$/, clientCheckout],
  [/^\/v1\/checkouts\/custom\/client\/(?<client_secret>[^/]+)\/confirm$/, confirm],
  [/^\/v1\/license-keys\/?$/, licenseKeys],
  [/^\/v1\/customer-portal\/license-keys\/activate$/, activate],
  [/^\/v1\/customer-portal\/license-keys\/validate$/, validate],
];

const routeApi: ApiCall = async (method, path, options = {}) => {
  for (const [pattern, module] of ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    return call(module[method]!, {
      method,
      path,
      params: { ...match.groups },
      query: options.query,
      body: options.body,
      token: options.token,
    });
  }
  throw new Error(`No route for ${path}`);
};

beforeAll(async () => {
  process.env.DEMO_ACCESS_TOKEN = TOKEN;
  process.env.JOB_POLL_MS = "50";
  await seedDemo(await getDb());
  startJobWorker(jobHandlers);
});

afterAll(async () => {
  await stopJobWorker();
  delete process.env.DEMO_ACCESS_TOKEN;
});

describe("demo purchase", () => {
  it("buys the demo subscription and gets a working license key", async () => {
    const result = await demoPurchase(routeApi, TOKEN, { log: (line) => console.log(line) });
    const db = await getDb();
    expect(await db.order.count({ where: { checkout_id: result.checkoutId } })).toBe(1);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: result.subscriptionId } })).toMatchObject({
      status: "active",
    });
    const key = await db.licenseKey.findFirstOrThrow({ where: { key: result.licenseKey } });
    expect(key).toMatchObject({ status: "granted", validations: 1 });
    expect(result.confirmToSucceededMs).toBeLessThan(5000);
  });
});

describe("demo purchase over HTTP", () => {
  it("talks to BASE_URL, else localhost on PORT, else port 3000", () => {
    expect(demoBaseUrl({ BASE_URL: "https://sales.example.com", PORT: "3005" })).toBe(
      "https://sales.example.com",
    );
    expect(demoBaseUrl({ PORT: "3005" })).toBe("http://localhost:3005");
    expect(demoBaseUrl({})).toBe("http://localhost:3000");
  });

  it("names the address and the settings when the server cannot be reached", async () => {
    // A port that was just free: nothing listens there, the connection is refused at once.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(httpApi(`http://127.0.0.1:${port}`)("GET", "/v1/orders/")).rejects.toThrow(
      `Could not reach the server at http://127.0.0.1:${port} (ECONNREFUSED). Is it running? Set BASE_URL (or PORT) to where it listens.`,
    );
  });
});
