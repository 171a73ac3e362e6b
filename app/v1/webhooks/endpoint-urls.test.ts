// Webhook URLs that no attempt could ever reach (an IP literal the address guard refuses, a
// localhost name) are refused at create and update with a 422 at body.url naming
// WEBHOOKS_ALLOW_PRIVATE, changing nothing; with WEBHOOKS_ALLOW_PRIVATE=true they are accepted.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { call } from "@/test/http";
import { POST as create } from "./endpoints/route";
import { PATCH as update } from "./endpoints/[id]/route";

let db: Db;
let token: string;
const ids = {} as { org: string };

beforeAll(async () => {
  db = await getDb();
  ids.org = (await createOrganization(db)).id;
  token = (await createToken(db, ids.org)).token;
});

const post = (body: unknown) => call(create, { token, body });

async function expectInvalid(body: unknown, detail: unknown[]) {
  const before = await db.webhookEndpoint.count();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await db.webhookEndpoint.count()).toBe(before);
}

describe("URLs no webhook could reach", () => {
  it("refuses URLs no webhook could ever reach with a 422 naming WEBHOOKS_ALLOW_PRIVATE", async () => {
    const saved = process.env.WEBHOOKS_ALLOW_PRIVATE;
    delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    try {
      const cases: [string, string][] = [
        ["http://127.0.0.1:8080/hook", "127.0.0.1 is a loopback address"],
        ["http://localhost/hook", "localhost is a loopback name"],
        ["http://api.localhost./hook", "api.localhost is a loopback name"],
        ["http://10.1.2.3/hook", "10.1.2.3 is a private address"],
        ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is a link-local address"],
        ["http://[::1]/hook", "::1 is a loopback address"],
        ["http://[::ffff:0:127.0.0.1]/hook", "::ffff:0:7f00:1 is a loopback address"],
        ["http://[::ffff:127.0.0.1]/hook", "::ffff:7f00:1 is a loopback address"],
        ["http://2130706433/hook", "127.0.0.1 is a loopback address"],
        ["http://[fd00::5]/hook", "fd00::5 is a unique local (private) address"],
      ];
      for (const [url, reason] of cases)
        await expectInvalid({ url, events: [] }, [
          {
            type: "value_error",
            loc: ["body", "url"],
            msg:
              `URL cannot receive webhooks: ${reason}. Webhooks go to public addresses only unless the ` +
              "server runs with WEBHOOKS_ALLOW_PRIVATE=true (local development).",
            input: url,
          },
        ]);
      // Public literals and names pass (names are checked after resolution, at each attempt).
      for (const url of [
        "https://93.184.216.34/hook",
        "https://[2606:4700::1111]/hook",
        "https://hooks.example.com",
      ])
        expect((await post({ url, events: [] })).status).toBe(201);
      process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
      expect((await post({ url: "http://127.0.0.1:8080/hook", events: [] })).status).toBe(201);
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE = saved;
    }
  });

  it("PATCH to a URL no webhook could reach is 422 naming WEBHOOKS_ALLOW_PRIVATE, and changes nothing", async () => {
    const saved = process.env.WEBHOOKS_ALLOW_PRIVATE;
    delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    try {
      const { endpoint } = await createWebhookEndpoint(db, ids.org, { events: ["order.paid"] });
      const url = "http://[::ffff:0:127.0.0.1]:3000/hook";
      const res = await call(update, {
        token,
        params: { id: endpoint.id },
        method: "PATCH",
        body: { url, events: [] },
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: "RequestValidationError",
        detail: [
          {
            type: "value_error",
            loc: ["body", "url"],
            msg:
              "URL cannot receive webhooks: ::ffff:0:7f00:1 is a loopback address. Webhooks go to public " +
              "addresses only unless the server runs with WEBHOOKS_ALLOW_PRIVATE=true (local development).",
            input: url,
          },
        ],
      });
      expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toEqual(endpoint);
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE = saved;
    }
  });
});
