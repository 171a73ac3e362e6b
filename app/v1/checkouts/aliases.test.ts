// /v1/checkouts/... (the reference API's current paths) serve the very handlers of
// /v1/checkouts/custom/...: the same exports, and the same answers to the same requests.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCheckout, createOrganization, createProduct, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import * as list from "./route";
import * as one from "./[id]/route";
import * as client from "./client/[client_secret]/route";
import * as confirm from "./client/[client_secret]/confirm/route";
import * as benefits from "./client/[client_secret]/benefits/route";
import * as activation from "./client/[client_secret]/license-keys/[license_key_id]/activations/[activation_id]/route";
import * as customList from "./custom/route";
import * as customOne from "./custom/[id]/route";
import * as customClient from "./custom/client/[client_secret]/route";
import * as customConfirm from "./custom/client/[client_secret]/confirm/route";
import * as customBenefits from "./custom/client/[client_secret]/benefits/route";
import * as customActivation from "./custom/client/[client_secret]/license-keys/[license_key_id]/activations/[activation_id]/route";

const PAIRS = [
  ["/v1/checkouts/", list, customList],
  ["/v1/checkouts/{id}", one, customOne],
  ["/v1/checkouts/client/{client_secret}", client, customClient],
  ["/v1/checkouts/client/{client_secret}/confirm", confirm, customConfirm],
  ["/v1/checkouts/client/{client_secret}/benefits", benefits, customBenefits],
  [
    "/v1/checkouts/client/{client_secret}/license-keys/{license_key_id}/activations/{activation_id}",
    activation,
    customActivation,
  ],
] as const;

let db: Db;
let token: string;
let otherToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  otherToken = (await createToken(db, other.id)).token;
  const { product, price } = await createProduct(db, org.id, { price: { price_amount: 1200 } });
  ids.product = product.id;
  const session = await createCheckout(db, org.id, price.id);
  ids.session = session.id;
  ids.secret = session.client_secret;
  const succeeded = await createCheckout(db, org.id, price.id, { status: "succeeded" });
  ids.succeeded = succeeded.client_secret;
});

describe("/v1/checkouts/ aliases", () => {
  it.each(PAIRS)("%s re-exports the /custom/ route's handlers", (_path, alias, custom) => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      expect(alias[method]).toBe(custom[method]);
    }
  });

  it("answer reads identically on both paths", async () => {
    const pairs = [
      [list.GET, customList.GET, { token }],
      [one.GET, customOne.GET, { token, params: { id: ids.session! } }],
      [one.GET, customOne.GET, { token: otherToken, params: { id: ids.session! } }],
      [one.GET, customOne.GET, { token, params: { id: "custom" } }],
      [client.GET, customClient.GET, { params: { client_secret: ids.secret! } }],
      [client.GET, customClient.GET, { params: { client_secret: "cs_unknown" } }],
      [benefits.GET, customBenefits.GET, { params: { client_secret: ids.succeeded! } }],
    ] as const;
    for (const [alias, custom, options] of pairs) {
      const [a, b] = [await call(alias, options), await call(custom, options)];
      expect(a.status).toBe(b.status);
      expect(a.body).toEqual(b.body);
    }
    const read = await call(one.GET, { token, params: { id: ids.session! } });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(ids.session);
  });

  it("answer writes the same way on both paths", async () => {
    const body = { product_id: ids.product, metadata: { via: "alias" } };
    const [a, b] = [await call(list.POST, { token, body }), await call(customList.POST, { token, body })];
    expect([a.status, b.status]).toEqual([201, 201]);
    const differing = ["id", "created_at", "expires_at", "client_secret", "url", "success_url"];
    const strip = (view: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(view).filter(([key]) => !differing.includes(key)));
    expect(strip(a.body)).toEqual(strip(b.body));

    const patch = { metadata: { patched: true } };
    const viaAlias = await call(one.PATCH, {
      token,
      method: "PATCH",
      params: { id: a.body.id },
      body: patch,
    });
    const viaCustom = await call(customOne.PATCH, {
      token,
      method: "PATCH",
      params: { id: b.body.id },
      body: patch,
    });
    expect(viaAlias.status).toBe(200);
    expect(strip({ ...viaAlias.body, modified_at: null })).toEqual(
      strip({ ...viaCustom.body, modified_at: null }),
    );

    const email = { customer_email: "alias@example.com" };
    const clientA = await call(client.PATCH, {
      method: "PATCH",
      params: { client_secret: a.body.client_secret },
      body: email,
    });
    const clientB = await call(customClient.PATCH, {
      method: "PATCH",
      params: { client_secret: b.body.client_secret },
      body: email,
    });
    expect(clientA.status).toBe(200);
    expect(clientA.body.customer_email).toBe("alias@example.com");
    expect(strip({ ...clientA.body, modified_at: null })).toEqual(
      strip({ ...clientB.body, modified_at: null }),
    );

    // Confirm refuses the same incomplete body with the same 422 on both paths.
    const [ca, cb] = [
      await call(confirm.POST, { params: { client_secret: a.body.client_secret }, body: {} }),
      await call(customConfirm.POST, { params: { client_secret: b.body.client_secret }, body: {} }),
    ];
    expect(ca.status).toBe(422);
    expect(ca.body).toEqual(cb.body);
  });
});
