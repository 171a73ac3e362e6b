// Names for the PostgreSQL pool's statements (lib/db/client.ts): a named statement is a prepared
// statement, parsed and planned by PostgreSQL once per connection.
import { createHash } from "node:crypto";

// Statements run as named prepared statements: PostgreSQL parses each once per connection, and
// after a few runs plans it once too (a generic plan), instead of on every call. Planning the
// order with its five relations costs about 0.5 ms of the database's CPU, more than running it;
// an insert's parse and plan cost about as much as its execution. Each connection keeps what it
// prepared (PostgreSQL's backend holds 40–100 kB per statement, its parse tree and plan), so the
// number of distinct names is bounded: a text built per call (an IN list of varying length) would
// never repeat, and past the bound statements simply go unnamed.
export function statementNamer(
  prefix: string,
  limit: number,
  eligible: (text: string) => boolean = () => true,
) {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    let name = names.get(text);
    if (name || names.size >= limit || !eligible(text)) return name;
    name = `${prefix}_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
}

// The direct statements are few and fixed (lib/db/direct.ts).
export const directStatementName = statementNamer("direct", 200);

// Prisma's statements and the raw ones written in lib/ too, except raw ones whose result columns
// may be a `*`: a prepared statement's result columns are fixed when it is prepared, so a
// migration adding a column (run by a newer instance during a rolling deploy) would fail them on
// every connection that prepared them ("cached plan must not change result type") until the
// connection closed. Prisma's own statements name every result column (a `*` of theirs is inside
// a subquery, which PostgreSQL expands afresh when it replans).
const PRISMA_STATEMENT = /^(?:SELECT "|INSERT INTO "public"\.|UPDATE "public"\.|DELETE FROM "public"\.)/;
export const prismaStatementName = statementNamer(
  "prisma",
  250,
  (text) => PRISMA_STATEMENT.test(text) || !text.includes("*"),
);
