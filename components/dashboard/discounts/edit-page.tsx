"use client";
// /dashboard/<org>/discounts/new and /dashboard/<org>/discounts/<id>: the form, and on an existing
// discount its redemptions and a Delete that asks first.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { discounts, type DiscountResource } from "../hooks/discounts";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailSkeleton, NotFoundOrError } from "../ui/detail-parts";
import { PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";
import { DiscountForm } from "./form";

export function NewDiscountPage() {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath("/discounts")}>Discounts</BackLink>
      <PageHeader title="New discount" />
      <DiscountForm />
    </>
  );
}

export function EditDiscountPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const discount = discounts.useOne(id);
  return (
    <>
      <BackLink href={orgPath("/discounts")}>Discounts</BackLink>
      {discount.isPending ? (
        <DetailSkeleton />
      ) : discount.isError ? (
        <NotFoundOrError error={discount.error} what="Discount" retry={() => void discount.refetch()} />
      ) : (
        <>
          <PageHeader title={discount.data.name} actions={<DeleteDiscount discount={discount.data} />}>
            Redeemed {discount.data.redemptions_count} time{discount.data.redemptions_count === 1 ? "" : "s"}
            {" · "}created {formatDateTime(discount.data.created_at)}
          </PageHeader>
          <DiscountForm key={discount.data.id} discount={discount.data} />
        </>
      )}
    </>
  );
}

function DeleteDiscount({ discount }: { discount: DiscountResource }) {
  const [open, setOpen] = useState(false);
  const remove = discounts.useDelete();
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
        title={`Delete ${discount.name}?`}
        confirmLabel="Delete discount"
        variant="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(discount.id, {
            onSuccess: () => {
              notify("Discount deleted");
              router.push(orgPath("/discounts"));
            },
          })
        }
      >
        It can no longer be redeemed and its code is freed. Orders that used it keep it.
      </ConfirmDialog>
    </>
  );
}
