// GET /bench/constant — a route handler that returns a constant, for `npm run bench`: the
// framework's ceiling (routing, handler and response in this build, no database, no auth).
// Not part of the API (not under /v1, not in the API docs). Dynamic, so it runs on every request
// like the API's handlers instead of being served as a prerendered file.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true });
}
