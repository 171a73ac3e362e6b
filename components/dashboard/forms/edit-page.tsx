"use client";
// The pages around a create/edit form (docs/dashboard.md, "Forms"): "New …" with its back link and
// title, and the edit page of one record — back link, then the record's loading skeleton, "not
// found" or failure with a retry, or its header (title, summary, actions) and the form. A Delete
// that asks first is the usual action of an edit page.
import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailFrame } from "../ui/detail-parts";
import { PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";

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
  const deleteButton = (record: T) =>
    remove ? (
      <DeleteRecordButton
        hooks={remove.hooks}
        id={record.id}
        title={`Delete ${String(title(record))}?`}
        confirmLabel={`Delete ${what.toLowerCase()}`}
        deleted={`${what} deleted`}
        back={back.path}
      >
        {remove.explain}
      </DeleteRecordButton>
    ) : null;
  return (
    <DetailFrame back={{ href: orgPath(back.path), label: back.label }} query={query} what={what}>
      {(record) => (
        <>
          <PageHeader
            title={title(record)}
            actions={
              <>
                {actions?.(record)}
                {deleteButton(record)}
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

/**
 * "Delete" (a secondary button: the red one is in the dialog), asking first; the server's refusal
 * (a 409: still in use) is shown in the dialog. Once deleted: a toast, and back to the list.
 */
type DeleteHooks = { useDelete: () => UseMutationResult<void, Error, string> };

export function DeleteRecordButton({
  hooks,
  id,
  title,
  confirmLabel,
  deleted,
  back,
  children,
}: {
  hooks: DeleteHooks;
  id: string;
  /** The dialog's question, e.g. "Delete Spring sale?". */
  title: string;
  confirmLabel: string;
  /** The toast, e.g. "Discount deleted". */
  deleted: string;
  /** The list's path in the organization. */
  back: string;
  /** What deleting does and does not do. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const remove = hooks.useDelete();
  const router = useRouter();
  const orgPath = useOrgPath();
  const notify = useToast();
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        variant="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              notify(deleted);
              router.push(orgPath(back));
            },
          })
        }
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
