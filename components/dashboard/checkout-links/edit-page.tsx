"use client";
// /dashboard/<org>/checkout-links/new and /dashboard/<org>/checkout-links/<id>: the form, and on an
// existing link its public URL (copyable) and a Delete that asks first.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { checkoutLinks, type CheckoutLinkResource } from "../hooks/checkout-links";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailSkeleton, NotFoundOrError } from "../ui/detail-parts";
import { Card, CopyButton, PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CheckoutLinkForm } from "./form";
import { checkoutLinkTitle } from "./logic";

export function NewCheckoutLinkPage() {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath("/checkout-links")}>Checkout links</BackLink>
      <PageHeader title="New checkout link">
        A lasting URL that opens a fresh checkout for its products on each visit.
      </PageHeader>
      <CheckoutLinkForm />
    </>
  );
}

export function EditCheckoutLinkPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const link = checkoutLinks.useOne(id);
  return (
    <>
      <BackLink href={orgPath("/checkout-links")}>Checkout links</BackLink>
      {link.isPending ? (
        <DetailSkeleton />
      ) : link.isError ? (
        <NotFoundOrError error={link.error} what="Checkout link" retry={() => void link.refetch()} />
      ) : (
        <div className="space-y-6">
          <PageHeader title={checkoutLinkTitle(link.data)} actions={<DeleteCheckoutLink link={link.data} />}>
            Created {formatDateTime(link.data.created_at)}
          </PageHeader>
          <Card title="URL">
            <CheckoutLinkUrl url={link.data.url} />
          </Card>
          <CheckoutLinkForm key={link.data.id} link={link.data} />
        </div>
      )}
    </>
  );
}

/** The link's public URL, selectable and copyable. */
export function CheckoutLinkUrl({ url }: { url: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <code
        data-testid="checkout-link-url"
        className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all select-all dark:bg-zinc-800"
      >
        {url}
      </code>
      <CopyButton value={url} label="Copy URL" />
    </div>
  );
}

function DeleteCheckoutLink({ link }: { link: CheckoutLinkResource }) {
  const [open, setOpen] = useState(false);
  const remove = checkoutLinks.useDelete();
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
        title={`Delete ${checkoutLinkTitle(link)}?`}
        confirmLabel="Delete checkout link"
        variant="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(link.id, {
            onSuccess: () => {
              notify("Checkout link deleted");
              router.push(orgPath("/checkout-links"));
            },
          })
        }
      >
        Its URL stops opening checkouts. Checkouts and orders made through it are kept.
      </ConfirmDialog>
    </>
  );
}
