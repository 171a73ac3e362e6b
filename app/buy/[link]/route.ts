// GET /buy/<checkout link id or slug> — the link's public URL: each visit opens a fresh checkout
// session (lib/checkout-links/open.ts) and answers 303 to its hosted page, so a link never
// expires. An unknown link is 404, a deleted one or one with nothing left to sell 410: a small
// HTML page, or JSON for a client that asks for it. Each visit writes a session, so visits are
// limited per client address on a budget of their own, besides the address's budget for public
// routes. HEAD creates nothing (link previews probe with it).
import { z } from "zod";
import { errorResponse, json, methods, route } from "@/lib/api/handler";
import { enforceRateLimits, type RateLimit } from "@/lib/api/rate-limit";
import { ApiError } from "@/lib/core/errors";
import { addressBucket, clientAddress } from "@/lib/http/peer";
import { openCheckoutLink } from "@/lib/checkout-links/open";

/** Sessions one client address may open through links per minute. */
function buyRateLimit(): RateLimit {
  const value = Number(process.env.RATE_LIMIT_BUY_PER_MINUTE);
  return { limit: Number.isInteger(value) && value > 0 ? value : 30, windowMs: 60_000 };
}

function wantsJson(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

function unavailable(request: Request, status: 404 | 410): Response {
  const message =
    status === 404 ? "This checkout link does not exist." : "This checkout link is no longer available.";
  if (wantsJson(request)) {
    return status === 404
      ? errorResponse(ApiError.notFound(message))
      : json({ error: "CheckoutLinkGone", detail: message }, 410);
  }
  const title = status === 404 ? "Not found" : "No longer available";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">${message}</h1></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

// The wrapper charges the address's budget for public routes; this route adds its own.
const { GET: get } = methods({
  GET: route(
    { auth: "public", params: z.object({ link: z.string().max(1000) }) },
    async ({ db, request, params }) => {
      await enforceRateLimits(db, [
        { key: `buy:${addressBucket(clientAddress(request))}`, limit: buyRateLimit() },
      ]);
      const opened = await openCheckoutLink(db, params.link, {
        customer_email: new URL(request.url).searchParams.get("customer_email"),
      });
      if (opened.kind === "not_found") return unavailable(request, 404);
      if (opened.kind === "gone") return unavailable(request, 410);
      return new Response(null, {
        status: 303,
        // The location carries the session's secret: no cache may keep it, no referrer repeat it.
        headers: { location: opened.url, "cache-control": "no-store", "referrer-policy": "no-referrer" },
      });
    },
  ),
});

export const GET = get;

export async function HEAD(): Promise<Response> {
  return new Response(null, { status: 405, headers: { allow: "GET" } });
}
