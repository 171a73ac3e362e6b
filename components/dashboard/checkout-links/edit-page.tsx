"use client";
// /dashboard/<org>/checkout-links/new and /dashboard/<org>/checkout-links/<id>: the form, and on an
// existing link its public URL (copyable) and a Delete that asks first.
import { formatDateTime } from "../format";
import { EditRecordPage, NewRecordPage } from "../forms/edit-page";
import { checkoutLinks } from "../hooks/checkout-links";
import { Card, CopyButton } from "../ui/misc";
import { CheckoutLinkForm } from "./form";
import { checkoutLinkTitle } from "./logic";

const BACK = { path: "/checkout-links", label: "Checkout links" };

export function NewCheckoutLinkPage() {
  return (
    <NewRecordPage
      back={BACK}
      title="New checkout link"
      description="A lasting URL that opens a fresh checkout for its products on each visit."
    >
      <CheckoutLinkForm />
    </NewRecordPage>
  );
}

export function EditCheckoutLinkPage({ id }: { id: string }) {
  return (
    <EditRecordPage
      back={BACK}
      query={checkoutLinks.useOne(id)}
      what="Checkout link"
      title={checkoutLinkTitle}
      summary={(link) => `Created ${formatDateTime(link.created_at)}`}
      remove={{
        hooks: checkoutLinks,
        explain: "Its URL stops opening checkouts. Checkouts and orders made through it are kept.",
      }}
    >
      {(link) => (
        <>
          <Card title="URL">
            <CheckoutLinkUrl url={link.url} />
          </Card>
          <CheckoutLinkForm key={link.id} link={link} />
        </>
      )}
    </EditRecordPage>
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
