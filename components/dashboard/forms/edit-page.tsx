"use client";
// The pages around a create/edit form (docs/dashboard.md, "Forms"): "New …" with its back link and
// title, and the edit page of one record — back link, then the record's loading skeleton, "not
// found" or failure with a retry, or its header (title, summary, actions) and the form. A Delete
// that asks first (the kit's DeleteButton) is the usual action of an edit page.
import type { ComponentProps, ReactNode } from "react";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { useOrgPath } from "../organization";
import { DeleteButton } from "../kit/delete-button";
import { BackLink, DetailFrame } from "../kit/detail-frame";
import { PageHeader } from "../ui/misc";

/** The list a page goes back to: its path in the organization and its name. */
type Back = { path: string; label: string };

export function NewRecordPage({
  back,
  title,
  description,
  children,
}: {
  back: Back;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath(back.path)}>{back.label}</BackLink>
      <PageHeader title={title}>{description}</PageHeader>
      {children}
    </>
  );
}

/** The edit page's Delete: the resource's hooks and what deleting does and does not do. */
type Removal = { hooks: DeleteHooks; explain: ReactNode };

export function EditRecordPage<T extends { id: string }>({
  back,
  query,
  what,
  title,
  summary,
  actions,
  remove,
  children,
}: {
  back: Back;
  query: UseQueryResult<T>;
  /** What the record is: "… not found", and the toast "… deleted". */
  what: string;
  title: (record: T) => ReactNode;
  summary?: (record: T) => ReactNode;
  actions?: (record: T) => ReactNode;
  remove?: Removal;
  /** The form (keyed by the record) and whatever the page shows below it. */
  children: (record: T) => ReactNode;
}) {
  const orgPath = useOrgPath();
  return (
    <DetailFrame back={{ href: orgPath(back.path), label: back.label }} query={query} what={what}>
      {(record) => (
        <>
          <PageHeader
            title={title(record)}
            actions={
              <>
                {actions?.(record)}
                {remove ? (
                  <RecordDelete
                    id={record.id}
                    hooks={remove.hooks}
                    title={`Delete ${String(title(record))}?`}
                    what={what.toLowerCase()}
                    listPath={back.path}
                  >
                    {remove.explain}
                  </RecordDelete>
                ) : null}
              </>
            }
          >
            {summary?.(record)}
          </PageHeader>
          <div className="space-y-6">{children(record)}</div>
        </>
      )}
    </DetailFrame>
  );
}

type DeleteHooks = { useDelete: () => UseMutationResult<void, Error, string> };

/** The kit's Delete with the resource's delete mutation. */
function RecordDelete({
  hooks,
  ...props
}: { hooks: DeleteHooks } & Omit<ComponentProps<typeof DeleteButton>, "remove">) {
  return <DeleteButton remove={hooks.useDelete()} {...props} />;
}
