// A copy of the reference floor server this project is measured against (docs/benchmarks.md), kept
// in the repository so `npm run bench` needs nothing outside it.
// The physical floor for the app's two hottest routes: a bare node:http server with plain `pg`
// doing the same database work the app must do, and nothing else.
//   GET  /v1/orders/:id  — bearer token looked up by SHA-256, then the order with its customer,
//                          product, price, discount and subscription in one query.
//   POST /v1/customer-portal/license-keys/validate — in one transaction: lock the key, update
//                          validations/last_validated_at, return it with its customer.
// Env: DATABASE_URL, FLOOR_PORT (3201), FLOOR_POOL (10). Run from a folder where `pg` is installed.
import http from "node:http";
import crypto from "node:crypto";
import { createRequire } from "node:module";

// `pg` is resolved from the working directory (the project root), not from this file's folder.
const pg = createRequire(`${process.cwd()}/`)("pg");

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.FLOOR_POOL || 10),
});
const send = (res, status, body) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
};
const readBody = (req) =>
  new Promise((ok) => {
    let s = "";
    req.on("data", (c) => (s += c));
    req.on("end", () => ok(s));
  });

async function getOrder(req, res, id) {
  const token = (req.headers.authorization || "").replace(/^Bearer\s+/i, "");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  const t = await pool.query(
    "select organization_id, scopes, revoked_at, expires_at from organization_access_tokens where token_hash = $1",
    [hash],
  );
  const tok = t.rows[0];
  if (!tok || tok.revoked_at) return send(res, 401, { error: "invalid_token" });
  const r = await pool.query(
    `select row_to_json(o) as order, row_to_json(c) as customer, row_to_json(p) as product,
            row_to_json(pp) as product_price, row_to_json(d) as discount, row_to_json(s) as subscription
       from orders o join customers c on c.id = o.customer_id join products p on p.id = o.product_id
       join product_prices pp on pp.id = o.product_price_id left join discounts d on d.id = o.discount_id
       left join subscriptions s on s.id = o.subscription_id
      where o.id = $1 and o.organization_id = $2`,
    [id, tok.organization_id],
  );
  const row = r.rows[0];
  if (!row) return send(res, 404, { error: "ResourceNotFound", detail: "Not found" });
  send(res, 200, {
    ...row.order,
    customer: row.customer,
    product: row.product,
    product_price: row.product_price,
    discount: row.discount,
    subscription: row.subscription,
  });
}

async function validate(req, res) {
  const body = JSON.parse(await readBody(req));
  const c = await pool.connect();
  try {
    await c.query("begin");
    const k = await c.query(
      "select id from license_keys where key = $1 and organization_id = $2 for update",
      [body.key, body.organization_id],
    );
    if (!k.rows[0]) {
      await c.query("rollback");
      return send(res, 404, { error: "ResourceNotFound" });
    }
    const u = await c.query(
      `update license_keys set validations = validations + 1, last_validated_at = now(), modified_at = now()
        where id = $1 returning *`,
      [k.rows[0].id],
    );
    const cu = await c.query("select * from customers where id = $1", [u.rows[0].customer_id]);
    await c.query("commit");
    send(res, 200, { ...u.rows[0], customer: cu.rows[0], activation: null });
  } catch (e) {
    await c.query("rollback").catch(() => {});
    send(res, 500, { error: String(e.message) });
  } finally {
    c.release();
  }
}

http
  .createServer((req, res) => {
    const m = req.url.match(/^\/v1\/orders\/([0-9a-f-]{36})$/);
    const p = m
      ? getOrder(req, res, m[1])
      : req.url === "/v1/customer-portal/license-keys/validate" && req.method === "POST"
        ? validate(req, res)
        : req.url === "/hello"
          ? Promise.resolve(send(res, 200, { ok: true }))
          : Promise.resolve(send(res, 404, { error: "ResourceNotFound" }));
    p.catch((e) => send(res, 500, { error: String(e.message) }));
  })
  .listen(Number(process.env.FLOOR_PORT || 3201), "127.0.0.1");
