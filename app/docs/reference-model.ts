// What the API reference page shows, read from the OpenAPI document: operations grouped by tag
// (the internal dashboard routes last), each with its parameters, body, responses and examples,
// then the webhook events (docs/api-reference.md). Pure, so it is tested without rendering.
import { componentResolver, exampleOf, type JsonSchema, type Resolve } from "@/lib/api/openapi-example";
import type { ApiDocument } from "@/app/v1/openapi.json/document";

type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema; description?: string };
type Content = Record<string, { schema: JsonSchema }>;
type Operation = {
  summary: string;
  description?: string;
  tags: string[];
  "x-internal"?: boolean;
  parameters: Parameter[];
  requestBody?: { content: Content };
  responses: Record<string, { description: string; content?: Content }>;
};

export type ResponseView = { status: string; description: string; contentType?: string; schema?: JsonSchema };

export type OperationView = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  internal: boolean;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
  responses: ResponseView[];
  exampleRequest: string;
  exampleResponse?: { status: string; body: string };
  /** An alias path served by the same handler (`/v1/checkouts/…` and `/v1/checkouts/custom/…`). */
  sameAs?: { anchor: string; path: string };
  /**
   * The first operation that answers the same resource (a resource's get, update and create):
   * its fields and example are shown there once, and linked from here.
   */
  responseAs?: { anchor: string; method: string; path: string };
};

export type TagGroup = {
  tag: string;
  anchor: string;
  description?: string;
  internal: boolean;
  operations: OperationView[];
};

export type WebhookView = {
  anchor: string;
  type: string;
  summary: string;
  description: string;
  headers: Parameter[];
  payload: JsonSchema;
  example: string;
};

export const anchorOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Only the required fields, unless none is required (a PATCH): then all of them. */
function requestBodyExample(schema: JsonSchema, resolve: Resolve): unknown {
  const example = exampleOf(schema, resolve);
  const required = schema.required ?? [];
  if (!required.length || typeof example !== "object" || example === null) return example;
  return Object.fromEntries(Object.entries(example).filter(([key]) => required.includes(key)));
}

function credentialHeaders(security: unknown): string[] {
  const schemes =
    (security as Record<string, unknown>[] | undefined)?.flatMap((entry) => Object.keys(entry)) ?? [];
  if (schemes.includes("accessToken")) return ['-H "Authorization: Bearer oat_…"'];
  if (schemes.includes("customerSession")) return ['-H "Authorization: Bearer cst_…"'];
  if (schemes.includes("session")) return ['-b "dsb_session=…; dsb_csrf=…"', '-H "X-CSRF-Token: …"'];
  return [];
}

/** A curl command with example path parameters, the required query, the credential and the body. */
function curlExample(
  method: string,
  path: string,
  operation: Operation & { security?: unknown },
  resolve: Resolve,
) {
  const byName = (where: string) => operation.parameters.filter((p) => p.in === where);
  const filledPath = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = byName("path").find((p) => p.name === name);
    return String(exampleOf(parameter?.schema, resolve, name));
  });
  const query = byName("query")
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(exampleOf(p.schema, resolve, p.name)))}`)
    .join("&");
  const lines = [
    `curl -X ${method.toUpperCase()} "https://shop.example.com${filledPath}${query ? `?${query}` : ""}"`,
  ];
  lines.push(...credentialHeaders(operation.security));
  const [contentType, body] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  if (contentType === "multipart/form-data") lines.push('-F "file=@image.png"');
  else if (body) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d '${JSON.stringify(requestBodyExample(body.schema, resolve))}'`);
  }
  return lines.join(" \\\n  ");
}

function operationView(method: string, path: string, operation: Operation, resolve: Resolve): OperationView {
  const responses = Object.entries(operation.responses).map(([status, response]) => {
    const [contentType, content] = Object.entries(response.content ?? {})[0] ?? [];
    return { status, description: response.description, contentType, schema: content?.schema };
  });
  const success = responses.find((r) => r.status.startsWith("2"));
  const [bodyType, body] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  return {
    anchor: anchorOf(`${method} ${path}`),
    method,
    path,
    summary: operation.summary,
    description: operation.description ?? "",
    internal: operation["x-internal"] === true,
    parameters: operation.parameters,
    body: bodyType && body ? { contentType: bodyType, schema: body.schema } : undefined,
    responses,
    exampleRequest: curlExample(method, path, operation, resolve),
    exampleResponse:
      success?.schema && success.contentType === "application/json"
        ? { status: success.status, body: pretty(exampleOf(success.schema, resolve)) }
        : undefined,
  };
}

export function referenceModel(document: ApiDocument) {
  const resolve = componentResolver(document);
  const groups = new Map<string, TagGroup>(
    document.tags.map((tag: { name: string; description?: string }) => [
      tag.name,
      {
        tag: tag.name,
        anchor: anchorOf(tag.name),
        description: tag.description,
        internal: "x-internal" in tag,
        operations: [],
      },
    ]),
  );
  const seen = new Map<string, OperationView>();
  const answered = new Map<string, OperationView>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as unknown as Operation;
      const view = operationView(method, path, operation, resolve);
      const { summary, parameters, requestBody, responses } = operation;
      const shape = JSON.stringify([method, summary, parameters, requestBody, responses]);
      const first = seen.get(shape);
      if (first) view.sameAs = { anchor: first.anchor, path: first.path };
      else {
        seen.set(shape, view);
        // A resource's fields are long (nested products, organizations): shown once per resource.
        const success = view.responses.find((r) => r.status.startsWith("2"));
        if (success?.schema && success.contentType === "application/json") {
          const key = JSON.stringify(success.schema);
          const owner = answered.get(key);
          if (owner) view.responseAs = { anchor: owner.anchor, method: owner.method, path: owner.path };
          else answered.set(key, view);
        }
      }
      groups.get(operation.tags[0]!)?.operations.push(view);
    }
  }
  const webhooks: WebhookView[] = Object.entries(document.webhooks).map(([type, { post }]) => {
    const payload = post.requestBody.content["application/json"].schema as JsonSchema;
    return {
      anchor: anchorOf(`event ${type}`),
      type,
      summary: post.summary,
      description: post.description ?? "",
      headers: post.parameters,
      payload,
      example: pretty(exampleOf(payload, resolve)),
    };
  });
  const errors = Object.entries(document.components.schemas).map(([name, schema]) => ({
    name,
    schema: schema as JsonSchema,
    example: pretty(exampleOf(schema as JsonSchema, resolve)),
  }));
  return { groups: [...groups.values()].filter((group) => group.operations.length > 0), webhooks, errors };
}

export type ReferenceModel = ReturnType<typeof referenceModel>;
