"use client";
// /dashboard/<org>/custom-fields/new and /dashboard/<org>/custom-fields/<id>: the form, and on an
// existing field a Delete that asks first (a field a product uses is refused with 409: its message
// is shown in the dialog).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { customFields, type CustomField } from "../hooks/custom-fields";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailSkeleton, NotFoundOrError } from "../ui/detail-parts";
import { PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CustomFieldForm } from "./form";
import { TYPE_LABELS } from "./logic";

export function NewCustomFieldPage() {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath("/custom-fields")}>Custom fields</BackLink>
      <PageHeader title="New custom field" />
      <CustomFieldForm />
    </>
  );
}

export function EditCustomFieldPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const field = customFields.useOne(id);
  return (
    <>
      <BackLink href={orgPath("/custom-fields")}>Custom fields</BackLink>
      {field.isPending ? (
        <DetailSkeleton />
      ) : field.isError ? (
        <NotFoundOrError error={field.error} what="Custom field" retry={() => void field.refetch()} />
      ) : (
        <>
          <PageHeader title={field.data.name} actions={<DeleteCustomField field={field.data} />}>
            {TYPE_LABELS[field.data.type]} field · created {formatDateTime(field.data.created_at)}
          </PageHeader>
          <CustomFieldForm key={field.data.id} field={field.data} />
        </>
      )}
    </>
  );
}

function DeleteCustomField({ field }: { field: CustomField }) {
  const [open, setOpen] = useState(false);
  const remove = customFields.useDelete();
  const router = useRouter();
  const orgPath = useOrgPath();
  const notify = useToast();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${field.name}?`}
        confirmLabel="Delete field"
        variant="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(field.id, {
            onSuccess: () => {
              notify("Custom field deleted");
              router.push(orgPath("/custom-fields"));
            },
          })
        }
      >
        Only a field no product uses can be deleted. Answers already saved on orders are kept.
      </ConfirmDialog>
    </>
  );
}
