// The SDK calls `fetch` on its `baseUrl`; this answers those calls with the app's own route handlers
// in process (every /v1 route, from app/v1/openapi.json/routes.ts), the way Next.js would call them.
// A path no route has answers 404 with `x-no-route: 1`, so the report tells "we have no such route"
// from "this resource was not found".
import { DOCUMENTED_ROUTES } from "@/app/v1/openapi.json/routes";

export const SDK_BASE_URL = "http://polar-sdk.conformance";

type Compiled = { pattern: RegExp; names: string[]; module: (typeof DOCUMENTED_ROUTES)[number]["module"] };

function compile(template: string): Compiled["pattern"] & { names: string[] } {
  const names: string[] = [];
  const body = template
    .replace(/\/$/, "")
    .split("/")
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/]+)";
    })
    .join("/");
  return Object.assign(new RegExp(`^${body}/?$`), { names });
}

/** The calls no route answered (`GET /v1/payments/`), newest last. */
export const unrouted: string[] = [];

/** Installs the in-process `fetch` for SDK_BASE_URL; returns the function that puts the real one back. */
export function installInProcessFetch(): () => void {
  const original = globalThis.fetch;
  // Literal paths before templated ones (`/v1/orders/export` before `/v1/orders/{id}`).
  const routes: Compiled[] = DOCUMENTED_ROUTES.filter((route) => !route.path.includes("{path}"))
    .map((route) => {
      const pattern = compile(route.path);
      return { pattern, names: pattern.names, module: route.module };
    })
    .sort((a, b) => a.names.length - b.names.length);
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== SDK_BASE_URL) return original(input, init);
    for (const route of routes) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const handler = route.module[request.method];
      if (!handler) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      const local = new Request(new URL(`${url.pathname}${url.search}`, "http://localhost"), request);
      return handler(local, { params: Promise.resolve(params) });
    }
    unrouted.push(`${request.method} ${url.pathname}`);
    return new Response(JSON.stringify({ error: "ResourceNotFound", detail: "No such route." }), {
      status: 404,
      headers: { "content-type": "application/json", "x-no-route": "1" },
    });
  };
  return () => {
    globalThis.fetch = original;
  };
}
