// Written-out statements inside a Prisma interactive transaction, sent straight to the
// transaction's own pg connection (PostgreSQL only). Through Prisma's raw path such a statement
// costs the server about 0.31 ms of CPU in a transaction (its request pipeline), against about
// 0.08 ms sent straight (issue 10, measured in-process on the purchase path, where every statement
// of a confirm's two transactions and of the order processing job's, but for BEGIN and COMMIT, now
// goes this way). Prisma takes a pooled connection for each transaction and sends BEGIN on it; this
// notes which connection that is, so that `directQuery(tx)` (./direct.ts) runs on it, inside the
// same transaction, in order with Prisma's own statements (pg queues a connection's queries).
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client";
import { registerDirectDriver } from "./direct";

type Opening = { client: pg.PoolClient | null; released: boolean };

// The transaction being opened in this async context: Prisma's `$transaction` takes its
// connection (pool.connect(), in promise form) before it calls the callback.
const opening = new AsyncLocalStorage<Opening>();

/**
 * Notes the connection each transaction takes from `pool`. pg's own pool.query takes connections
 * with a callback and is left alone; only the promise form (how @prisma/adapter-pg starts a
 * transaction) is noted, and only while a `$transaction` is opening one.
 */
export function noteTransactionConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const store = opening.getStore();
      if (store && !store.client) {
        store.client = client;
        // Released (commit, rollback, or Prisma's timeout while the callback still runs), the
        // connection is the pool's again: a direct statement after that could land in another
        // request's transaction, so the driver refuses from then on.
        const release = client.release;
        client.release = ((error?: Error | boolean) => {
          store.released = true;
          client.release = release;
          return release(error);
        }) as typeof client.release;
      }
      return client;
    });
  }) as typeof pool.connect;
}

/**
 * Wraps `prisma.$transaction(fn)` so that the `tx` given to fn has a direct driver on the
 * transaction's connection for as long as fn runs; after, it refuses (the connection is back in
 * the pool, another request's). `prepared` names statements as the pool's direct driver does.
 */
export function directTransactions(
  prisma: PrismaClient,
  prepared: (text: string, values?: readonly unknown[]) => pg.QueryConfig,
): void {
  const transaction = prisma.$transaction.bind(prisma) as (
    arg: unknown,
    options?: unknown,
  ) => Promise<unknown>;
  const wrapped = (arg: unknown, options?: unknown) => {
    if (typeof arg !== "function") return transaction(arg, options);
    const fn = arg as (tx: object) => Promise<unknown>;
    const store: Opening = { client: null, released: false };
    return opening.run(store, () =>
      transaction(async (tx: object) => {
        const client = store.client;
        if (!client) return fn(tx);
        let open = true;
        registerDirectDriver(tx, {
          query: async (text, values) => {
            if (!open || store.released) {
              throw new Error("A direct statement was sent after its transaction ended.");
            }
            return (await client.query(prepared(text, values))).rows;
          },
        });
        try {
          return await fn(tx);
        } finally {
          open = false;
        }
      }, options),
    );
  };
  (prisma as unknown as { $transaction: typeof wrapped }).$transaction = wrapped;
}
