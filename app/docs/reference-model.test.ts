import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiDocument } from "@/app/v1/openapi.json/document";
import { exampleOf } from "@/lib/api/openapi-example";
import { Markdown, plainText } from "./markdown";
import ApiReference from "./page";
import { referenceModel } from "./reference-model";

const model = referenceModel(apiDocument());
const operation = (method: string, path: string) =>
  model.groups.flatMap((group) => group.operations).find((o) => o.method === method && o.path === path)!;

describe("the API reference's model", () => {
  it("groups operations by tag, the internal dashboard routes last", () => {
    const tags = model.groups.map((group) => group.tag);
    expect(tags.at(-1)).toBe("Dashboard (internal)");
    expect(model.groups.at(-1)!.internal).toBe(true);
    expect(model.groups.filter((group) => group.internal)).toHaveLength(1);
    expect(tags).toEqual(expect.arrayContaining(["Orders", "Checkouts", "License keys", "Customer portal"]));
    const count = Object.values(apiDocument().paths).reduce(
      (sum, methods) => sum + Object.keys(methods).length,
      0,
    );
    expect(model.groups.reduce((sum, group) => sum + group.operations.length, 0)).toBe(count);
  });

  it("makes an example request from the schemas: path filled in, credential, required body fields", () => {
    const create = operation("post", "/v1/checkouts/custom/");
    expect(create.exampleRequest).toContain('curl -X POST "https://shop.example.com/v1/checkouts/custom/"');
    expect(create.exampleRequest).toContain('-H "Authorization: Bearer oat_…"');
    const body = JSON.parse(/-d '(.*)'$/m.exec(create.exampleRequest)![1]!);
    expect(body).toMatchObject({ products: [expect.any(String)], customer_email: "buyer@example.com" });
    const update = operation("patch", "/v1/discounts/{id}");
    const patch = JSON.parse(/-d '(.*)'$/m.exec(update.exampleRequest)![1]!);
    expect(Object.keys(patch)).toEqual(Object.keys(update.body!.schema.properties!));
    const signIn = operation("post", "/v1/auth/sign-in");
    const credentials = JSON.parse(/-d '(.*)'$/m.exec(signIn.exampleRequest)![1]!);
    expect(Object.keys(credentials).sort()).toEqual([...signIn.body!.schema.required!].sort());
    const confirm = operation("post", "/v1/checkouts/custom/client/{client_secret}/confirm");
    expect(confirm.exampleRequest).not.toContain("{client_secret}");
    expect(confirm.exampleRequest).not.toContain("Authorization");
    const portal = operation("get", "/v1/customer-portal/orders/");
    expect(portal.exampleRequest).toContain("Bearer cst_…");
  });

  it("shows an alias path as the operation it repeats", () => {
    expect(operation("post", "/v1/checkouts/").sameAs).toEqual({
      anchor: "post-v1-checkouts-custom",
      path: "/v1/checkouts/custom/",
    });
    expect(operation("post", "/v1/checkouts/custom/").sameAs).toBeUndefined();
  });

  it("makes an example response that has every field of the success schema", () => {
    const order = operation("get", "/v1/orders/{id}");
    const example = JSON.parse(order.exampleResponse!.body);
    const schema = order.responses.find((r) => r.status === "200")!.schema!;
    expect(Object.keys(example)).toEqual(Object.keys(schema.properties!));
    expect(order.exampleResponse!.status).toBe("200");
    expect(operation("delete", "/v1/discounts/{id}").exampleResponse).toBeUndefined();
  });

  it("gives each webhook event an example payload of its type", () => {
    expect(model.webhooks.map((w) => w.type)).toContain("order.paid");
    for (const event of model.webhooks) {
      const example = JSON.parse(event.example);
      expect(example.type).toBe(event.type);
      expect(Object.keys(example)).toEqual(["type", "timestamp", "sequence", "livemode", "data"]);
    }
  });

  it("shows the error shapes with their examples", () => {
    expect(model.errors.map((e) => e.name)).toEqual(["Error", "TokenError", "ValidationError"]);
    expect(JSON.parse(model.errors[0]!.example)).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });
});

describe("examples from a JSON Schema", () => {
  it("honours examples, const, enum, formats, bounds and nullable choices", () => {
    expect(
      exampleOf({
        type: "object",
        properties: {
          id: { type: "string" },
          status: { type: "string", enum: ["open", "paid"] },
          created_at: { type: "string", format: "date-time" },
          amount: { type: "integer", minimum: 0 },
          limit: { type: "integer", minimum: 1, maximum: 100 },
          code: { type: "string", minLength: 10, maxLength: 12 },
          discount_id: { anyOf: [{ type: "null" }, { type: "string", format: "uuid" }] },
          tags: { type: "array", items: { type: "string" } },
          fixed: { type: "string", const: "raw" },
          given: { type: "string", examples: ["usd"] },
        },
      }),
    ).toEqual({
      id: "7d6b3b0e-2f6c-4a8e-9d3a-5b1f0c8e4a21",
      status: "open",
      created_at: "2030-01-15T09:30:00.000Z",
      amount: 4900,
      limit: 1,
      code: "stringxxxx",
      discount_id: "7d6b3b0e-2f6c-4a8e-9d3a-5b1f0c8e4a21",
      tags: ["string"],
      fixed: "raw",
      given: "usd",
    });
  });
});

describe("the Markdown of descriptions", () => {
  const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

  it("renders code, bold, links, paragraphs and lists", () => {
    expect(render("Needs the `orders:read` scope, **or** a [session](/docs#errors).\n\n- one\n- *two*")).toBe(
      '<div class="space-y-2 "><p>Needs the <code class="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] break-words dark:bg-zinc-800">orders:read</code> scope, <strong>or</strong> a <a href="/docs#errors" class="underline">session</a>.</p><ul class="list-disc space-y-1 pl-5"><li>one</li><li><em>two</em></li></ul></div>',
    );
  });

  it("gives the plain text of a summary for the contents", () => {
    expect(plainText("List discounts (by name); `code` is **exact**, see [docs](/docs)")).toBe(
      "List discounts (by name); code is exact, see docs",
    );
  });

  it("never injects markup nor a script link", () => {
    const html = render('<img src=x onerror="alert(1)"> [click](javascript:alert(1)) [x](//evil.example)');
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img");
    expect(html).not.toContain("href");
    expect(html).toContain("click");
  });
});

describe("the API reference page", () => {
  it("renders every operation, webhook event and error shape", () => {
    const html = renderToStaticMarkup(createElement(ApiReference));
    expect(html).toContain('id="post-v1-checkouts-custom-client-client-secret-confirm"');
    expect(html).toContain('id="event-order-paid"');
    expect(html).toContain('id="errors"');
    expect(html.indexOf('id="webhook-events"')).toBeLessThan(html.indexOf('id="dashboard-internal"'));
    // Every anchor is unique (the Webhooks tag and the webhook events section once shared one).
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    // Every field of ~150 operations: kept in check (1.06 MB when written; 1.64 MB once
    // subscriptions, disputes and the portal's orders carried whole products and customers, as the
    // current reference API's do, issue 31; 1.33 MB since a resource's fields and example are shown
    // once, at its first operation, and linked from the others; gzip takes it to a tenth; 1.40 MB
    // once trials, plan changes, files uploaded in parts and downloadables added 8 operations and
    // their fields, session 26).
    expect(html.length).toBeLessThan(1_450_000);
  });
});
