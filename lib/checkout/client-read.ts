// The buyer's view of a session (the session with its organization, product, price, discount and
// offered products, each product with its prices, benefits, medias and custom fields) read as ONE
// statement of correlated subqueries that build the JSON, instead of Prisma's include: as one query
// per relation that include was 19 statements, read twice by every confirm, and Prisma spent about
// 0.5 ms of the server's CPU on each (issue 10, `npm run bench:confirm`'s profile). The joined form
// Prisma generates (nested LATERAL joins) took PostgreSQL 14–23 ms to plan; these scalar
// subqueries plan in well under a millisecond.
import type { DbOrTx } from "../db/client";
import { directQuery, rowFromJson, type DirectTable } from "../db/direct";
import type { CheckoutClientRow } from "./schemas";

type Json = Record<string, unknown>;

/** A product as JSON with what a checkout shows of it (lib/products/schemas.ts checkoutProductInclude). */
function productJson(alias: string): string {
  return `to_jsonb(${alias}) || jsonb_build_object(
    'prices', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.created_at, x.id), '[]'::jsonb)
                 FROM product_prices x WHERE x.product_id = ${alias}.id AND NOT x.is_archived),
    'product_benefits', (SELECT coalesce(jsonb_agg(to_jsonb(pb) || jsonb_build_object('benefit', to_jsonb(b))
                                                   ORDER BY pb."order"), '[]'::jsonb)
                           FROM product_benefits pb JOIN benefits b ON b.id = pb.benefit_id
                          WHERE pb.product_id = ${alias}.id),
    'product_medias', (SELECT coalesce(jsonb_agg(to_jsonb(pm) || jsonb_build_object('media', to_jsonb(m))
                                                 ORDER BY pm."order"), '[]'::jsonb)
                         FROM product_medias pm JOIN medias m ON m.id = pm.media_id
                        WHERE pm.product_id = ${alias}.id))`;
}

const CLIENT_CHECKOUT_SQL = `
  SELECT (to_jsonb(s) || jsonb_build_object(
    'organization', (SELECT to_jsonb(o) FROM organizations o WHERE o.id = s.organization_id),
    'product', (SELECT ${productJson("p")} || jsonb_build_object(
                  'attached_custom_fields',
                  (SELECT coalesce(jsonb_agg(to_jsonb(a) || jsonb_build_object('custom_field', to_jsonb(f))
                                             ORDER BY a."order"), '[]'::jsonb)
                     FROM attached_custom_fields a JOIN custom_fields f ON f.id = a.custom_field_id
                    WHERE a.product_id = p.id))
                  FROM products p WHERE p.id = s.product_id),
    'product_price', (SELECT to_jsonb(pp) FROM product_prices pp WHERE pp.id = s.product_price_id),
    'discount', (SELECT to_jsonb(d) FROM discounts d WHERE d.id = s.discount_id),
    'checkout_products', (SELECT coalesce(jsonb_agg(to_jsonb(cp) || jsonb_build_object('product', ${productJson("q")})
                                                    ORDER BY cp."order"), '[]'::jsonb)
                            FROM checkout_session_products cp JOIN products q ON q.id = cp.product_id
                           WHERE cp.checkout_session_id = s.id)
  ))::text AS checkout
  FROM checkout_sessions s
  WHERE s.client_secret_hash = $1`;

function rows(table: DirectTable, list: unknown): Json[] {
  return (list as Json[]).map((row) => rowFromJson<Json>(table, row));
}

/** A product of the JSON above with its timestamps (and its relations' timestamps) as Dates. */
function productFromJson(json: Json): Json {
  const product = rowFromJson<Json>("products", json);
  product.prices = rows("product_prices", product.prices);
  for (const link of product.product_benefits as Json[])
    link.benefit = rowFromJson("benefits", link.benefit as Json);
  for (const link of product.product_medias as Json[]) link.media = rowFromJson("medias", link.media as Json);
  if (product.attached_custom_fields) {
    for (const link of product.attached_custom_fields as Json[])
      link.custom_field = rowFromJson("custom_fields", link.custom_field as Json);
  }
  return product;
}

/** The session found by its secret's hash, shaped as Prisma's `include: checkoutClientInclude`; or null. */
export async function readClientCheckout(db: DbOrTx, secretHash: string): Promise<CheckoutClientRow | null> {
  const [found] = await directQuery(db)<{ checkout: string }>(CLIENT_CHECKOUT_SQL, [secretHash]);
  if (!found) return null;
  const session = rowFromJson<Json>("checkout_sessions", found.checkout);
  session.organization = rowFromJson("organizations", session.organization as Json);
  session.product = productFromJson(session.product as Json);
  session.product_price = rowFromJson("product_prices", session.product_price as Json);
  if (session.discount) session.discount = rowFromJson("discounts", session.discount as Json);
  for (const link of session.checkout_products as Json[])
    link.product = productFromJson(link.product as Json);
  return session as unknown as CheckoutClientRow;
}
