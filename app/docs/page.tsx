// The API reference: the OpenAPI document (the one /v1/openapi.json serves) as a readable page,
// operations grouped by tag, the internal dashboard routes last, the webhook events and the error
// shapes (docs/api-reference.md). Static: built from the route declarations, never the database.
import type { Metadata } from "next";
import { apiDocument } from "@/app/v1/openapi.json/document";
import { ErrorShapes } from "./error-shapes";
import { Markdown, plainText } from "./markdown";
import "./reference.css";
import { MethodBadge, Operation } from "./operation";
import { referenceModel, type TagGroup, type WebhookView } from "./reference-model";
import { WebhookEvent } from "./webhook-event";

export const metadata: Metadata = { title: "API reference · Digital Sales Backend" };

const INTRO = `JSON over HTTPS under \`/v1\`. Authenticate with an organization access token
(\`Authorization: Bearer oat_…\`, created in the dashboard under Access tokens); the customer
portal's routes take a customer session token (\`cst_…\`). Lists are paginated (\`page\`, \`limit\`)
and sorted by \`sorting\`. POST and PATCH accept an \`Idempotency-Key\` header.

Errors are JSON (see [Errors](#errors)); webhooks are signed POSTs (see [Webhook events](#webhook-events)).
Machine-readable: [/v1/openapi.json](/v1/openapi.json).`;

const link = "block truncate rounded px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800";

function Sidebar({ groups, webhooks }: { groups: TagGroup[]; webhooks: WebhookView[] }) {
  const publicGroups = groups.filter((group) => !group.internal);
  const internalGroups = groups.filter((group) => group.internal);
  const groupLinks = (group: TagGroup) => (
    <li key={group.tag} className="mt-3">
      <a
        href={`#${group.anchor}`}
        className="px-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase"
      >
        {group.tag}
      </a>
      <ul>
        {group.operations.map((operation) => (
          <li key={operation.anchor}>
            <a
              href={`#${operation.anchor}`}
              className={`${link} flex items-center gap-2`}
              title={operation.path}
            >
              <MethodBadge method={operation.method} />
              <span className="truncate">{plainText(operation.summary)}</span>
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
  return (
    <nav
      aria-label="API reference contents"
      className="sticky top-0 hidden max-h-screen overflow-y-auto border-r border-zinc-200 py-6 pr-3 text-sm lg:block dark:border-zinc-800"
    >
      <a href="#errors" className={link}>
        Errors
      </a>
      <ul>{publicGroups.map(groupLinks)}</ul>
      <p className="mt-3">
        <a
          href="#webhook-events"
          className="px-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase"
        >
          Webhook events
        </a>
      </p>
      <ul>
        {webhooks.map((event) => (
          <li key={event.anchor}>
            <a href={`#${event.anchor}`} className={`${link} font-mono text-xs`}>
              {event.type}
            </a>
          </li>
        ))}
      </ul>
      <ul>{internalGroups.map(groupLinks)}</ul>
    </nav>
  );
}

/** On phones, the sections only: the whole list of operations would push the page down. */
function SectionLinks({ groups }: { groups: TagGroup[] }) {
  const sections = [
    { anchor: "errors", tag: "Errors" },
    ...groups.filter((group) => !group.internal),
    { anchor: "webhook-events", tag: "Webhook events" },
    ...groups.filter((group) => group.internal),
  ];
  return (
    <nav aria-label="API sections" className="mt-6 flex flex-wrap gap-2 text-sm lg:hidden">
      {sections.map((section) => (
        <a
          key={section.anchor}
          href={`#${section.anchor}`}
          className="rounded-full border border-zinc-300 px-3 py-1 dark:border-zinc-700"
        >
          {section.tag}
        </a>
      ))}
    </nav>
  );
}

function Group({ group }: { group: TagGroup }) {
  return (
    <section
      id={group.anchor}
      aria-labelledby={`${group.anchor}-title`}
      className="mt-12 min-w-0 scroll-mt-4"
    >
      <h2 id={`${group.anchor}-title`} className="text-xl font-semibold tracking-tight">
        {group.tag}
        {group.internal ? (
          <span className="ml-2 rounded bg-zinc-200 px-1.5 py-0.5 align-middle text-xs font-medium dark:bg-zinc-800">
            internal
          </span>
        ) : null}
      </h2>
      {group.description ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{group.description}</p>
      ) : null}
      {group.operations.map((operation) => (
        <Operation key={operation.anchor} operation={operation} />
      ))}
    </section>
  );
}

export default function ApiReference() {
  const { groups, webhooks, errors } = referenceModel(apiDocument());
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
      <Sidebar groups={groups} webhooks={webhooks} />
      <main className="min-w-0 py-10">
        <p className="text-sm">
          <a href="/" className="underline">
            Home
          </a>{" "}
          ·{" "}
          <a href="/dashboard" className="underline">
            Dashboard
          </a>
        </p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight">API reference</h1>
        <Markdown text={INTRO} className="mt-3 text-zinc-600 dark:text-zinc-400" />
        <SectionLinks groups={groups} />
        <ErrorShapes errors={errors} />
        {groups
          .filter((group) => !group.internal)
          .map((group) => (
            <Group key={group.tag} group={group} />
          ))}
        <section id="webhook-events" className="mt-12 min-w-0 scroll-mt-4">
          <h2 className="text-xl font-semibold tracking-tight">Webhook events</h2>
          <Markdown
            className="mt-2 text-sm text-zinc-600 dark:text-zinc-400"
            text={`Each event is a \`POST\` of \`{"type", "timestamp", "sequence", "livemode", "data"}\` to every enabled endpoint subscribed to its type, signed as [Standard Webhooks](https://www.standardwebhooks.com) specifies. Only a 2xx within 10 s is a success; failures are retried for about three days. The same events are the \`webhooks\` of [/v1/openapi.json](/v1/openapi.json).`}
          />
          {webhooks.map((event) => (
            <WebhookEvent key={event.type} event={event} />
          ))}
        </section>
        {groups
          .filter((group) => group.internal)
          .map((group) => (
            <Group key={group.tag} group={group} />
          ))}
      </main>
    </div>
  );
}
