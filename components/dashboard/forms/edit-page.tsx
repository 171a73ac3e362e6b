"use client";
// The pages around a create/edit form (docs/dashboard.md, "Forms"): "New …" with its back link and
// title, and the edit page of one record — back link, then the record's loading skeleton, "not
// found" or failure with a retry, or its header (title, summary with the creation date, actions)
// and the form. A Delete that asks first (the kit's DeleteButton) is the usual action of an edit
// page. `recordPages` makes both pages of a resource from what differs between resources.
import type { ComponentProps, ReactNode } from "react";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { useOrgPath } from "../organization";
import { DeleteButton } from "../kit/delete-button";
import { BackLink, DetailFrame } from "../kit/detail-frame";
import { formatDateTime } from "../format";
import { resourceNames } from "../hooks/resource";
import { PageHeader } from "../ui/misc";

/** The list a page goes back to: its path in the organization and its name. */
type Back = { path: string; label: string };

type RecordHooks<T> = {
  /** The resource's domain ("checkout-links"): the list's path, its name and the record's. */
  domain: string;
  useOne: (id: string) => UseQueryResult<T>;
  useDelete: () => UseMutationResult<void, Error, string>;
};

type RecordPagesConfig<T> = {
  hooks: RecordHooks<T>;
  /** Under "New …": what the record is for. */
  intro?: ReactNode;
  title: (record: T) => ReactNode;
  /** Said before "created <date>" under the title. */
  summary?: (record: T) => string;
  actions?: (record: T) => ReactNode;
  /** With it, the edit page has a Delete that says this: what deleting does and does not do. */
  deleteExplains?: ReactNode;
  /** The form: empty without a record, else filled (and keyed) by it. */
  form: (record?: T) => ReactNode;
  /** What the edit page shows around the form. */
  around?: (record: T, form: ReactNode) => ReactNode;
};

/** The "New …" and edit pages of one resource. */
export function recordPages<T extends { id: string; created_at: string }>(config: RecordPagesConfig<T>) {
  const names = resourceNames(config.hooks.domain);
  const back = { path: names.path, label: names.title };
  /** What the record is: "… not found", and the toast "… deleted". */
  const what = names.noun.charAt(0).toUpperCase() + names.noun.slice(1);
  function NewPage() {
    return (
      <NewRecordPage back={back} title={`New ${names.noun}`} intro={config.intro}>
        {config.form()}
      </NewRecordPage>
    );
  }
  function EditPage({ id }: { id: string }) {
    return <EditRecordPage config={config} back={back} what={what} query={config.hooks.useOne(id)} />;
  }
  return { NewPage, EditPage };
}

function NewRecordPage({
  back,
  title,
  intro,
  children,
}: {
  back: Back;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath(back.path)}>{back.label}</BackLink>
      <PageHeader title={title}>{intro}</PageHeader>
      {children}
    </>
  );
}

function EditRecordPage<T extends { id: string; created_at: string }>({
  config,
  back,
  what,
  query,
}: {
  config: RecordPagesConfig<T>;
  back: Back;
  what: string;
  query: UseQueryResult<T>;
}) {
  const orgPath = useOrgPath();
  return (
    <DetailFrame back={{ href: orgPath(back.path), label: back.label }} query={query} what={what}>
      {(record) => {
        const form = config.form(record);
        return (
          <>
            <PageHeader
              title={config.title(record)}
              actions={
                <>
                  {config.actions?.(record)}
                  {config.deleteExplains ? (
                    <RecordDelete
                      id={record.id}
                      hooks={config.hooks}
                      title={`Delete ${String(config.title(record))}?`}
                      what={what.toLowerCase()}
                      listPath={back.path}
                    >
                      {config.deleteExplains}
                    </RecordDelete>
                  ) : null}
                </>
              }
            >
              {createdSummary(config.summary?.(record), record.created_at)}
            </PageHeader>
            <div className="space-y-6">{config.around ? config.around(record, form) : form}</div>
          </>
        );
      }}
    </DetailFrame>
  );
}

/** "License key benefit · created 3 Nov 2026, 10:00", or "Created …" alone. */
export function createdSummary(summary: string | undefined, createdAt: string): string {
  const created = `created ${formatDateTime(createdAt)}`;
  return summary ? `${summary} · ${created}` : created.charAt(0).toUpperCase() + created.slice(1);
}

/** The kit's Delete with the resource's delete mutation. */
function RecordDelete({
  hooks,
  ...props
}: { hooks: Pick<RecordHooks<unknown>, "useDelete"> } & Omit<ComponentProps<typeof DeleteButton>, "remove">) {
  return <DeleteButton remove={hooks.useDelete()} {...props} />;
}
