// What a license_keys benefit gives a key: its activation limit, usage limit and expiry, computed
// by the database from the benefit's stored `properties` (table alias `b`). Both the issue of a key
// (./grants.ts) and an edit applied to existing keys (./manage.ts) use these expressions, so a key
// follows the benefit as it is when the statement runs. An edit and a grant racing are ordered by
// the benefit's row: a grant whose insert meets the edit's row lock waits, then issues from the new
// properties (even if it read the product before the edit); an edit whose lock meets a grant's
// foreign-key lock waits for that order to commit, and then its apply-to-existing update sees the key.
//
// The expiry matches lib/core/license-key-format.ts `licenseKeyExpiry` (JavaScript's UTC date
// arithmetic: Jan 31 + 1 month is Mar 3, Feb 29 + 1 year is Mar 1), which PostgreSQL's own
// `+ interval` does not (it clamps to the month's last day): months and years are added to the
// first of the month, then the days and time into the month are added back.
// test: app/v1/benefits/benefits-keys.test.ts compares the two.
import { Prisma } from "../generated/prisma/client";

/** An integer property at `path` of b.properties, or NULL when it is missing or not a number. */
function intProperty(...path: string[]): Prisma.Sql {
  const value = Prisma.raw(`b.properties #> '{${path.join(",")}}'`);
  return Prisma.sql`CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${value})::text::int END`;
}

/** When a key issued at `issuedAt` (a timestamp expression) expires, or NULL for no expiry. */
function expirySql(issuedAt: Prisma.Sql): Prisma.Sql {
  const ttl = intProperty("expires", "ttl");
  const monthStart = Prisma.sql`date_trunc('month', ${issuedAt})`;
  return Prisma.sql`CASE b.properties #>> '{expires,timeframe}'
      WHEN 'day' THEN ${issuedAt} + make_interval(days => ${ttl})
      WHEN 'month' THEN ${monthStart} + make_interval(months => ${ttl}) + (${issuedAt} - ${monthStart})
      WHEN 'year' THEN ${monthStart} + make_interval(years => ${ttl}) + (${issuedAt} - ${monthStart})
    END`;
}

/** `limit_activations, limit_usage, expires_at` for a key issued at `issuedAt`, in that order. */
export function keyTermsSql(issuedAt: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${intProperty("activations", "limit")}, ${intProperty("limit_usage")}, ${expirySql(issuedAt)}`;
}

/** The key's value: `<PREFIX>-<body>` with the benefit's prefix upper-cased, or `body` alone. */
export function keyValueSql(body: string): Prisma.Sql {
  const prefix = Prisma.sql`NULLIF(btrim(b.properties ->> 'prefix'), '')`;
  return Prisma.sql`CASE WHEN ${prefix} IS NULL THEN ${body} ELSE upper(${prefix}) || '-' || ${body} END`;
}

/**
 * Gives every key of the benefit what the benefit now says (its properties as this transaction
 * sees them), the expiry counted from each key's issue. Status, usage and activations are not
 * touched: a revoked or disabled key stays so, and activations above a lowered limit stay (new ones
 * are refused until enough are released). Returns the keys that changed, oldest first.
 */
export async function applyKeyTermsToExistingKeys(
  tx: Prisma.TransactionClient,
  benefitId: string,
  now: Date,
): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string; created_at: Date }[]>`
    UPDATE license_keys k
       SET limit_activations = t.limit_activations, limit_usage = t.limit_usage,
           expires_at = t.expires_at, modified_at = ${now.toISOString()}::timestamp
      FROM (SELECT issued.id, ${keyTermsSql(Prisma.sql`issued.created_at`)}
              FROM license_keys issued JOIN benefits b ON b.id = issued.benefit_id
             WHERE issued.benefit_id = ${benefitId}::uuid) AS t(id, limit_activations, limit_usage, expires_at)
     WHERE k.id = t.id
       AND (k.limit_activations, k.limit_usage, k.expires_at)
           IS DISTINCT FROM (t.limit_activations, t.limit_usage, t.expires_at)
    RETURNING k.id::text AS id, k.created_at`;
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
  return rows.map((row) => row.id);
}
