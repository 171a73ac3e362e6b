// The API reference: the OpenAPI document (the same one /v1/openapi.json serves) as a readable
// page. Static: built from the route declarations, never touching the database.
import type { Metadata } from "next";
import { openApiDocument } from "@/lib/api/openapi";
import { DOCUMENTED_ROUTES } from "@/app/v1/openapi.json/routes";

export const metadata: Metadata = { title: "API reference · Digital Sales Backend" };

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  required?: string[];
  description?: string;
};
type Operation = {
  summary: string;
  description?: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: Schema }[];
  /** JSON for most routes; multipart/form-data for the file upload. */
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string }>;
};

const code = "rounded bg-zinc-100 px-1 py-0.5 font-mono text-[13px] dark:bg-zinc-800";
const METHOD_COLORS: Record<string, string> = {
  get: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  post: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  patch: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  delete: "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300",
};

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${typeOf(schema.items)}[]`;
  return type ?? "any";
}

function Fields({ schema }: { schema: Schema }) {
  const required = new Set(schema.required ?? []);
  return (
    <ul className="mt-1 space-y-0.5 text-sm">
      {Object.entries(schema.properties ?? {}).map(([name, property]) => (
        <li key={name}>
          <code className={code}>{name}</code> <span className="text-zinc-500">{typeOf(property)}</span>
          {required.has(name) ? <span className="ml-1 text-xs text-rose-600">required</span> : null}
        </li>
      ))}
    </ul>
  );
}

export default function ApiReference() {
  const document = openApiDocument(DOCUMENTED_ROUTES, {
    title: "Digital Sales Backend API",
    version: "1.0.0",
  });
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
      path,
      method,
      operation,
    })),
  );
  return (
    <main className="mx-auto max-w-4xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">
        JSON over HTTPS. Authenticate with <code className={code}>Authorization: Bearer oat_…</code>; errors
        are <code className={code}>{'{"error", "detail"}'}</code>, validation errors list every problem with
        its <code className={code}>loc</code>. Machine-readable:{" "}
        <a className="underline" href="/v1/openapi.json">
          /v1/openapi.json
        </a>
        .
      </p>
      <nav aria-label="Endpoints" className="mt-8 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <ul className="space-y-1 text-sm">
          {operations.map(({ path, method }) => (
            <li key={`${method} ${path}`}>
              <a className="font-mono hover:underline" href={`#${method}-${path}`}>
                {method.toUpperCase()} {path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {operations.map(({ path, method, operation }) => {
        const query = operation.parameters.filter((p) => p.in === "query");
        const pathParams = operation.parameters.filter((p) => p.in === "path");
        return (
          <section
            key={`${method} ${path}`}
            id={`${method}-${path}`}
            className="mt-10 border-t border-zinc-200 pt-6 dark:border-zinc-800"
          >
            <h2 className="flex items-center gap-3 font-mono text-base">
              <span
                className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_COLORS[method] ?? ""}`}
              >
                {method}
              </span>
              {path}
            </h2>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              {operation.description ?? "No token: the credential is in the path or the body."}
            </p>
            {pathParams.length > 0 && (
              <div className="mt-3">
                <h3 className="text-sm font-medium">Path</h3>
                <Fields
                  schema={{ properties: Object.fromEntries(pathParams.map((p) => [p.name, p.schema])) }}
                />
              </div>
            )}
            {query.length > 0 && (
              <div className="mt-3">
                <h3 className="text-sm font-medium">Query</h3>
                <Fields
                  schema={{
                    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
                    required: query.filter((p) => p.required).map((p) => p.name),
                  }}
                />
              </div>
            )}
            {operation.requestBody && (
              <div className="mt-3">
                {Object.entries(operation.requestBody.content).map(([type, { schema }]) => (
                  <div key={type}>
                    <h3 className="text-sm font-medium">
                      Body <span className="font-normal text-zinc-500">({type})</span>
                    </h3>
                    <Fields schema={schema} />
                  </div>
                ))}
              </div>
            )}
            <div className="mt-3">
              <h3 className="text-sm font-medium">Responses</h3>
              <ul className="mt-1 space-y-0.5 text-sm">
                {Object.entries(operation.responses).map(([status, response]) => (
                  <li key={status}>
                    <code className={code}>{status}</code> {response.description}
                  </li>
                ))}
              </ul>
            </div>
          </section>
        );
      })}
    </main>
  );
}
