// GET /bench/constant/{id} — the constant route's twin behind a dynamic segment, answering a body
// the size of an order, for `npm run bench`: what Next.js's matching of a dynamic path (it tries the
// app's dynamic routes in turn) and a larger body cost, with no database. Not part of the API.
export const dynamic = "force-dynamic";

/** About the size of `GET /v1/orders/{id}`'s answer for the demo's order (1.9 kB). */
const FILLER = "x".repeat(1900);

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return Response.json({ id, filler: FILLER });
}
