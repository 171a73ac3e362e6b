// GET /bench/round-trip/{id} — /bench/constant/{id} plus one statement through the app's database
// pool (`SELECT 1`), for `npm run bench`: what the first wait on the database costs a request in
// this server (the socket's round trip, and a request that now spans event-loop turns), with none
// of the API's work. Not part of the API. It reaches the database with no credential and no rate
// limit, so it answers 404 unless the server was started by the benchmark (BENCH_ROUTES=1).
import { errorResponse } from "@/lib/api/handler";
import { ApiError } from "@/lib/core/errors";
import { databaseRoundTrip } from "@/lib/db/round-trip";

export const dynamic = "force-dynamic";

const FILLER = "x".repeat(1900);

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  if (process.env.BENCH_ROUTES !== "1") return errorResponse(ApiError.notFound());
  const { id } = await context.params;
  return Response.json({ id, one: await databaseRoundTrip(), filler: FILLER });
}
