// The static headers next.config.js adds replace a route's own header of the same name: an
// uploaded file's Content-Security-Policy (default-src 'none'; frame-ancestors 'none', set by its
// route) must not be replaced by the site-wide frame-ancestors-only policy. Matched the way
// Next.js matches a header rule's source.
import { describe, expect, it } from "vitest";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import nextConfig from "@/next.config.js";

async function staticHeaders(pathname: string): Promise<Record<string, string>> {
  const rules = await nextConfig.headers!();
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!getPathMatch(rule.source, { strict: true, removeUnnamedParams: true })(pathname)) continue;
    for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
  }
  return headers;
}

describe("next.config.js headers", () => {
  it("leave an uploaded file's Content-Security-Policy to its route, and keep the others", async () => {
    const file = await staticHeaders("/files/3f0e8a4c-4c3b-4a8e-9a57-2f8e0b7b9d10/photo.png");
    expect(file["content-security-policy"]).toBeUndefined();
    expect(file["x-content-type-options"]).toBe("nosniff");
    expect(file["x-frame-options"]).toBe("DENY");
  });

  it("still give every other page frame-ancestors 'none', and the checkout none of these", async () => {
    for (const pathname of ["/", "/docs", "/v1/orders/", "/filesystem"]) {
      expect((await staticHeaders(pathname))["content-security-policy"], pathname).toBe(
        "frame-ancestors 'none'",
      );
    }
    expect(await staticHeaders("/checkout/cs_x")).toEqual({});
  });

  it("leave the nonce pages' policy to proxy.ts (a static one would replace it)", async () => {
    for (const pathname of ["/dashboard", "/dashboard/acme/orders", "/receipts/x", "/portal/acme"]) {
      expect((await staticHeaders(pathname))["content-security-policy"], pathname).toBeUndefined();
    }
  });
});
