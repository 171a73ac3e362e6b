// One operation of the API reference: summary, description, parameters, body, responses by
// status (the error statuses point to their shapes) and an example request and response.
import { Markdown, renderInline } from "./markdown";
import type { OperationView, ResponseView } from "./reference-model";
import { FieldList, SchemaView, typeOf } from "./schema-fields";

const METHOD_COLORS: Record<string, string> = {
  get: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  post: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  patch: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  put: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  delete: "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`shrink-0 rounded px-1.5 py-0.5 text-[11px] font-bold uppercase ${METHOD_COLORS[method] ?? ""}`}
    >
      {method}
    </span>
  );
}

export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <figure className="code-block">
      <figcaption>{label}</figcaption>
      <pre>
        <code>{children}</code>
      </pre>
    </figure>
  );
}

function Heading({ children }: { children: React.ReactNode }) {
  return <h4 className="op-heading">{children}</h4>;
}

function ResponseItem({
  response,
  sameAs,
}: {
  response: ResponseView;
  sameAs?: OperationView["responseAs"];
}) {
  const errorShape = response.schema && !response.status.startsWith("2");
  const answeredBefore = sameAs && response.status.startsWith("2");
  return (
    <li>
      <code>{response.status}</code> {response.description}
      {response.contentType && response.contentType !== "application/json" ? (
        <span className="ml-1 font-mono text-xs text-zinc-500">({response.contentType})</span>
      ) : null}
      {errorShape ? (
        <>
          {" "}
          <a href="#errors" className="error-shape">
            {typeOf(response.schema)}
          </a>
        </>
      ) : answeredBefore ? (
        <span className="text-zinc-600 dark:text-zinc-400">
          {" "}
          <span className="font-mono text-xs">{typeOf(response.schema)}</span>, as{" "}
          <a href={`#${sameAs.anchor}`} className="font-mono break-all underline">
            {sameAs.method.toUpperCase()} {sameAs.path}
          </a>{" "}
          answers it (fields and example there)
        </span>
      ) : response.schema && response.contentType === "application/json" ? (
        <SchemaView schema={response.schema} output />
      ) : null}
    </li>
  );
}

function Details({ operation }: { operation: OperationView }) {
  const places = [
    ["path", "Path parameters"],
    ["query", "Query parameters"],
    ["header", "Headers"],
  ] as const;
  return (
    <>
      {places.map(([place, title]) => {
        const fields = operation.parameters.filter((parameter) => parameter.in === place);
        return fields.length ? (
          <div key={place}>
            <Heading>{title}</Heading>
            <FieldList fields={fields} />
          </div>
        ) : null;
      })}
      {operation.body ? (
        <div>
          <Heading>
            Request body <span className="font-normal text-zinc-500">({operation.body.contentType})</span>
          </Heading>
          <SchemaView schema={operation.body.schema} />
        </div>
      ) : null}
      <Heading>Responses</Heading>
      <ul className="responses mt-1 space-y-2 text-sm">
        {operation.responses.map((response) => (
          <ResponseItem key={response.status} response={response} sameAs={operation.responseAs} />
        ))}
      </ul>
      <CodeBlock label="Example request">{operation.exampleRequest}</CodeBlock>
      {operation.exampleResponse && !operation.responseAs ? (
        <CodeBlock label={`Example response (${operation.exampleResponse.status})`}>
          {operation.exampleResponse.body}
        </CodeBlock>
      ) : null}
    </>
  );
}

export function Operation({ operation }: { operation: OperationView }) {
  return (
    <section
      id={operation.anchor}
      className="mt-8 min-w-0 scroll-mt-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h3 className="text-base font-semibold">{renderInline(operation.summary)}</h3>
      <p className="mt-1 flex min-w-0 items-start gap-2 font-mono text-sm">
        <MethodBadge method={operation.method} />
        <span className="min-w-0 break-all">{operation.path}</span>
      </p>
      <Markdown text={operation.description} className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" />
      {operation.sameAs ? (
        <p className="mt-2 text-sm">
          The same operation as{" "}
          <a href={`#${operation.sameAs.anchor}`} className="font-mono break-all underline">
            {operation.sameAs.path}
          </a>
          : the same parameters, body and responses.
        </p>
      ) : (
        <Details operation={operation} />
      )}
    </section>
  );
}
