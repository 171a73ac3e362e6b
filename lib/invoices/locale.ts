// The language of an order's invoice (docs/invoices.md, docs/i18n.md): the checkout's `locale`,
// else the customer's, else English (an invoice has no browser to ask). Read as JSON of the rows,
// so this works whether or not those columns exist yet: a missing column is simply null.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { resolveLocale, type Locale } from "../i18n/locales";

export async function invoiceLocale(db: DbOrTx, orderId: string): Promise<Locale> {
  const [row] = await directSql<{ checkout_locale: string | null; customer_locale: string | null }>(
    db,
    Prisma.sql`
    SELECT to_jsonb(cs) ->> 'locale' AS checkout_locale, to_jsonb(c) ->> 'locale' AS customer_locale
      FROM orders o
      JOIN customers c ON c.id = o.customer_id
      LEFT JOIN checkout_sessions cs ON cs.id = o.checkout_id
     WHERE o.id = ${orderId}::uuid`,
  );
  return resolveLocale([row?.checkout_locale, row?.customer_locale]);
}
