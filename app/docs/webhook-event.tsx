// One webhook event of the API reference: when it is sent, the signature headers, the payload's
// schema (`data` is the resource) and an example payload.
import { Markdown } from "./markdown";
import { CodeBlock } from "./operation";
import type { WebhookView } from "./reference-model";
import { FieldList, SchemaView } from "./schema-fields";

export function WebhookEvent({ event }: { event: WebhookView }) {
  return (
    <section
      id={event.anchor}
      className="mt-8 min-w-0 scroll-mt-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h3 className="font-mono text-base font-semibold break-all">{event.type}</h3>
      <p className="mt-1 text-sm">{event.summary}</p>
      <Markdown text={event.description} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">Headers</summary>
        <FieldList fields={event.headers} />
      </details>
      <h4 className="mt-3 text-sm font-semibold">
        Payload <span className="font-normal text-zinc-500">(POST body, application/json)</span>
      </h4>
      <SchemaView schema={event.payload} output />
      <CodeBlock label="Example payload">{event.example}</CodeBlock>
    </section>
  );
}
