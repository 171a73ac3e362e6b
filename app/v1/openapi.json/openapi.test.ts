import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DELIVERED_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { call } from "@/test/http";
import { apiDocument } from "./document";
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

  it("gives every operation its route's own summary, a tag, and a schema for every response with a body", () => {
    const document = apiDocument();
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.summary || operation.summary === name) problems.push(`${name}: no summary`);
        if (operation.tags.length !== 1) problems.push(`${name}: no tag`);
        for (const [status, response] of Object.entries(operation.responses as Record<string, object>)) {
          if (status === "204") continue;
          const content = (response as { content?: Record<string, { schema?: object }> }).content ?? {};
          const schemas = Object.values(content).map((media) => media.schema);
          if (schemas.length === 0 || schemas.some((schema) => !schema || Object.keys(schema).length === 0))
            problems.push(`${name}: ${status} without a schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists the routes only the dashboard calls last, under one internal tag", () => {
    const document = apiDocument();
    const tags = document.tags.map((tag) => tag.name);
    expect(tags.slice(-2)).toEqual(["Dashboard (internal)", "Webhook events"]);
    const signIn = document.paths["/v1/auth/sign-in"]!.post!;
    expect(signIn).toMatchObject({ tags: ["Dashboard (internal)"], "x-internal": true });
    expect(document.paths["/v1/organization-access-tokens/"]!.post!.tags).toEqual(["Dashboard (internal)"]);
    expect(document.paths["/v1/orders/"]!.get!.tags).toEqual(["Orders"]);
    expect(document.paths["/v1/orders/"]!.get!).not.toHaveProperty("x-internal");
  });

  it("documents every webhook event type the code can send, with its payload's schema", async () => {
    const { body } = await call(GET, { path: "/v1/openapi.json" });
    // The code's own list: a new event type without a documented payload fails here.
    expect(Object.keys(body.webhooks).sort()).toEqual([...DELIVERED_EVENT_TYPES].sort());
    for (const type of DELIVERED_EVENT_TYPES) {
      const schema = body.webhooks[type].post.requestBody.content["application/json"].schema;
      expect(schema.required).toEqual(["type", "timestamp", "sequence", "livemode", "data"]);
      expect(schema.properties.type).toEqual({ type: "string", const: type });
      expect(Object.keys(schema.properties.data.properties ?? {}).length, type).toBeGreaterThan(0);
    }
    // `data` is the resource as its GET route answers it: the same schema.
    const paid = body.webhooks["order.paid"].post.requestBody.content["application/json"].schema;
    expect(paid.properties.data).toEqual(
      body.paths["/v1/orders/{id}"].get.responses["200"].content["application/json"].schema,
    );
    const test = body.webhooks["webhook.test"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(test.properties.data.properties)).toEqual([
      "endpoint_id",
      "organization_id",
      "message",
    ]);
    expect(body.webhooks["order.paid"].post.parameters.map((p: { name: string }) => p.name)).toEqual([
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
  });

  it("describes the three error shapes, with the OAuth one on 401 and 403", async () => {
    const { body } = await call(GET, { path: "/v1/openapi.json" });
    expect(Object.keys(body.components.schemas)).toEqual(["Error", "TokenError", "ValidationError"]);
    expect(body.components.schemas.Error.properties.error.enum).toContain("ResourceNotFound");
    expect(body.components.schemas.Error.properties.error.enum).not.toContain("RequestValidationError");
    expect(body.paths["/v1/orders/"].get.responses["401"].content["application/json"].schema).toEqual({
      anyOf: [{ $ref: "#/components/schemas/TokenError" }, { $ref: "#/components/schemas/Error" }],
    });
  });
});
