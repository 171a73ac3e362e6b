import { getDb } from "./client";
import { directQuery } from "./direct";

/**
 * One statement through the app's database pool that does no work (`SELECT 1`): the cost of a round
 * trip alone, for `npm run bench` (app/bench/round-trip).
 */
export async function databaseRoundTrip(): Promise<number> {
  const [row] = await directQuery(await getDb())<{ one: number }>("SELECT 1 AS one");
  return row?.one ?? 0;
}
