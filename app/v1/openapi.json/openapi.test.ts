import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { GET } from "./route";
import { DOCUMENTED_ROUTES } from "./routes";

const V1 = path.resolve(import.meta.dirname, "..");

/** Every route.ts under app/v1 as an OpenAPI path (folders `[id]` become `{id}`). */
function routeFiles(dir = V1): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [path.relative(V1, dir)] : [];
  });
}

describe("GET /v1/openapi.json", () => {
  it("documents every route file's methods with their schemas", async () => {
    const { status, body, headers } = await call(GET, { path: "/v1/openapi.json" });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/json");
    expect(body.openapi).toBe("3.1.0");

    const documented = new Set(DOCUMENTED_ROUTES.map((r) => r.path.replace(/\/$/, "")));
    const files = routeFiles()
      .filter((folder) => folder !== "[...path]" && folder !== "openapi.json")
      .map((folder) => `/v1/${folder.replace(/\[([^\]]+)\]/g, "{$1}")}`);
    expect(files.filter((file) => !documented.has(file))).toEqual([]);

    const confirm = body.paths["/v1/checkouts/custom/client/{client_secret}/confirm"].post;
    expect(confirm.security).toEqual([]);
    expect(confirm.requestBody.content["application/json"].schema.properties).toHaveProperty(
      "confirmation_token_id",
    );
    expect(confirm.responses["200"].content["application/json"].schema.properties).toHaveProperty(
      "customer_session_token",
    );
    const listOrders = body.paths["/v1/orders/"].get;
    expect(listOrders.security).toEqual([{ accessToken: [] }, { session: [] }]);
    expect(body.paths["/v1/organization-access-tokens/"].post.security).toEqual([{ session: [] }]);
    expect(listOrders.description).toContain("orders:read");
    expect(listOrders.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["page", "limit", "sorting", "product_price_type", "checkout_id"]),
    );
    const createCheckout = body.paths["/v1/checkouts/custom/"].post;
    expect(Object.keys(createCheckout.responses)).toEqual(
      expect.arrayContaining(["201", "401", "403", "409", "413", "415", "422"]),
    );
    expect(Object.keys(listOrders.responses)).not.toContain("415");
    // The documented bounds are the enforced ones.
    const activate = body.paths["/v1/customer-portal/license-keys/activate"].post;
    expect(activate.requestBody.content["application/json"].schema.properties.key).toMatchObject({
      maxLength: 255,
    });
    const patchKey = body.paths["/v1/license-keys/{id}"].patch;
    expect(patchKey.requestBody.content["application/json"].schema.properties.usage).toMatchObject({
      maximum: 2_147_483_647,
    });
    expect(createCheckout.parameters.map((p: { name: string }) => p.name)).toContain("Idempotency-Key");
    // The customer portal: its data routes take a customer session token, its sign-in routes none.
    expect(body.paths["/v1/customer-portal/orders/"].get.security).toEqual([{ customerSession: [] }]);
    expect(body.paths["/v1/customer-portal/customer-session/request"].post.security).toEqual([]);
    expect(body.paths["/v1/customer-portal/customer-session/request"].post.responses).toHaveProperty("202");
    expect(body.components.securitySchemes.customerSession).toMatchObject({ type: "http", scheme: "bearer" });
    expect(body.paths["/v1/customer-sessions/"].post.description).toContain("customer_sessions:write");
  });
});
