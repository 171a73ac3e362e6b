// The discounts API through the real handlers, continued: code uniqueness ignoring case (409) on
// create and update, and PATCH (only the fields sent, the fields that never change, amounts frozen
// after a redemption, dates checked against the stored ones).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createProduct, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { ISO, ONE_TIME_PRODUCT_FIELDS } from "@/test/shapes";
import { POST as create } from "./route";
import { PATCH as update } from "./[id]/route";

let db: Db;
let token: string;
let otherToken: string;
const ids: Record<string, string> = {};
const productShapes: Record<string, unknown> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
  for (const name of ["Alpha", "Beta"]) {
    const { product } = await createProduct(db, org.id, { product: { name, description: null } });
    ids[name] = product.id;
    productShapes[name] = {
      id: product.id,
      created_at: product.created_at.toISOString(),
      modified_at: null,
      name,
      description: null,
      is_recurring: false,
      is_archived: false,
      organization_id: org.id,
      ...ONE_TIME_PRODUCT_FIELDS,
      metadata: {},
    };
  }
  ids.foreignProduct = (await createProduct(db, (await createOrganization(db)).id)).product.id;
});

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const patch = (id: string, body: unknown) => call(update, { token, method: "PATCH", params: { id }, body });
const percent = (extra: Record<string, unknown> = {}) => ({
  name: "Ten percent",
  type: "percentage",
  basis_points: 1000,
  duration: "once",
  ...extra,
});
const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null) => ({
  type,
  loc,
  msg,
  input,
});

describe("discount codes are unique per organization, ignoring case", () => {
  it("answers 409 for the same code in any case, and allows it in another organization", async () => {
    expect((await post(percent({ code: "LAUNCH" }))).status).toBe(201);
    for (const code of ["LAUNCH", "launch", "LaUnCh"]) {
      const again = await post(percent({ code }));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        error: "ResourceAlreadyExists",
        detail: "A discount with this code already exists.",
      });
    }
    expect(await db.discount.count({ where: { code_key: "launch" } })).toBe(1);
    expect((await post(percent({ code: "launch" }), otherToken)).status).toBe(201);
  });

  it("answers 409 when a PATCH takes another discount's code; a discount may change its own code's case", async () => {
    await post(percent({ code: "TAKEN" }));
    const mine = await post(percent({ code: "MINE" }));
    const clash = await patch(mine.body.id, { code: "taken" });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe("ResourceAlreadyExists");
    const recased = await patch(mine.body.id, { code: "Mine" });
    expect(recased.status).toBe(200);
    expect(recased.body.code).toBe("Mine");
  });
});

describe("PATCH /v1/discounts/{id}", () => {
  it("changes only the fields sent", async () => {
    const made = await post(
      percent({ code: "EDITME", max_redemptions: 5, products: [ids.Alpha], metadata: { a: 1, b: 2 } }),
    );
    const id = made.body.id;
    const res = await patch(id, {
      name: "Renamed",
      basis_points: 2500,
      code: null,
      max_redemptions: null,
      starts_at: "2026-01-01T00:00:00.000Z",
      metadata: { c: "three" },
      products: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...made.body,
      name: "Renamed",
      basis_points: 2500,
      code: null,
      max_redemptions: null,
      starts_at: "2026-01-01T00:00:00.000Z",
      metadata: { c: "three" },
      modified_at: expect.stringMatching(ISO),
    });
    expect((await db.discount.findUniqueOrThrow({ where: { id } })).code_key).toBeNull();
    const widened = await patch(id, { products: [] });
    expect(widened.body.products).toEqual([]);
    const narrowed = await patch(id, { products: [ids.Beta] });
    expect(narrowed.body.products).toEqual([productShapes.Beta]);
    expect((await patch(id, { products: [ids.foreignProduct] })).body.detail).toEqual([
      problem("value_error", ["body", "products", 0], "Product not found.", ids.foreignProduct),
    ]);
  });

  it("never changes type or duration, nor sets a field the discount does not have", async () => {
    const made = await post({ name: "Fixed", type: "fixed", amount: 300, duration: "once" });
    const res = await patch(made.body.id, {
      type: "percentage",
      duration: "forever",
      basis_points: 1000,
      duration_in_months: 2,
      amount: null,
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      problem("value_error", ["body", "type"], "Type cannot be changed.", "percentage"),
      problem("value_error", ["body", "duration"], "Duration cannot be changed.", "forever"),
      problem("value_error", ["body", "basis_points"], "Fixed discounts have no basis_points.", 1000),
      problem(
        "value_error",
        ["body", "duration_in_months"],
        "Only repeating discounts have duration_in_months.",
        2,
      ),
    ]);
    const same = await patch(made.body.id, { type: "fixed", duration: "once", amount: 400, currency: "EUR" });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ amount: 400, currency: "eur" });
  });

  it("takes a percentage discount's currency usd as unset (the era SDK sends it on every update)", async () => {
    const made = await post(percent({ name: "Era percent" }));
    const renamed = await patch(made.body.id, { name: "Era percent, renamed", currency: "usd" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Era percent, renamed", currency: null, basis_points: 1000 });
    expect((await patch(made.body.id, { currency: "eur" })).body.detail).toEqual([
      problem("value_error", ["body", "currency"], "Percentage discounts have no currency.", "eur"),
    ]);
  });

  it("freezes the amount once the discount has been redeemed", async () => {
    const made = await post({ name: "Used", type: "fixed", amount: 300, duration: "once" });
    await db.discount.update({ where: { id: made.body.id }, data: { redemptions_count: 1 } });
    const res = await patch(made.body.id, { amount: 350, currency: "eur" });
    expect(res.status).toBe(422);
    const msg = "This field cannot be changed because the discount has already been redeemed.";
    expect(res.body.detail).toEqual([
      problem("value_error", ["body", "amount"], msg, 350),
      problem("value_error", ["body", "currency"], msg, "eur"),
    ]);
    const ok = await patch(made.body.id, { amount: 300, name: "Still used", max_redemptions: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ amount: 300, name: "Still used", redemptions_count: 1 });
  });

  it("checks the dates against the stored ones", async () => {
    const made = await post(
      percent({ starts_at: "2026-03-01T00:00:00.000Z", ends_at: "2026-04-01T00:00:00.000Z" }),
    );
    expect((await patch(made.body.id, { ends_at: "2026-02-01T00:00:00.000Z" })).body.detail).toEqual([
      problem(
        "value_error",
        ["body", "ends_at"],
        "ends_at must be after starts_at.",
        "2026-02-01T00:00:00.000Z",
      ),
    ]);
    expect((await patch(made.body.id, { starts_at: "2026-05-01T00:00:00.000Z" })).body.detail).toEqual([
      problem(
        "value_error",
        ["body", "starts_at"],
        "ends_at must be after starts_at.",
        "2026-05-01T00:00:00.000Z",
      ),
    ]);
    const cleared = await patch(made.body.id, { ends_at: null, starts_at: "2026-05-01T00:00:00.000Z" });
    expect(cleared.body).toMatchObject({ starts_at: "2026-05-01T00:00:00.000Z", ends_at: null });
  });
});
