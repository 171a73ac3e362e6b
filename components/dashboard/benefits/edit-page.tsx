"use client";
// /dashboard/<org>/benefits/new and /dashboard/<org>/benefits/<id>: the form, and on an existing
// benefit a Delete that asks first (one a product uses or a customer was granted is refused with
// 409: its message is shown in the dialog).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { benefits, type BenefitResource } from "../hooks/benefits";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailSkeleton, NotFoundOrError } from "../ui/detail-parts";
import { PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";
import { BenefitForm } from "./form";
import { BENEFIT_TYPE_LABELS } from "./logic";

export function NewBenefitPage() {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath("/benefits")}>Benefits</BackLink>
      <PageHeader title="New benefit" />
      <BenefitForm />
    </>
  );
}

export function EditBenefitPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const benefit = benefits.useOne(id);
  return (
    <>
      <BackLink href={orgPath("/benefits")}>Benefits</BackLink>
      {benefit.isPending ? (
        <DetailSkeleton />
      ) : benefit.isError ? (
        <NotFoundOrError error={benefit.error} what="Benefit" retry={() => void benefit.refetch()} />
      ) : (
        <>
          <PageHeader title={benefit.data.description} actions={<DeleteBenefit benefit={benefit.data} />}>
            {BENEFIT_TYPE_LABELS[benefit.data.type]} benefit · created{" "}
            {formatDateTime(benefit.data.created_at)}
          </PageHeader>
          <BenefitForm key={benefit.data.id} benefit={benefit.data} />
        </>
      )}
    </>
  );
}

function DeleteBenefit({ benefit }: { benefit: BenefitResource }) {
  const [open, setOpen] = useState(false);
  const remove = benefits.useDelete();
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
        title={`Delete ${benefit.description}?`}
        confirmLabel="Delete benefit"
        variant="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(benefit.id, {
            onSuccess: () => {
              notify("Benefit deleted");
              router.push(orgPath("/benefits"));
            },
          })
        }
      >
        Only a benefit no product uses and no customer was granted can be deleted.
      </ConfirmDialog>
    </>
  );
}
