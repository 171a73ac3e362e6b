"use client";
// /dashboard/<org>/checkout-links/new and /dashboard/<org>/checkout-links/<id>: the form, and on an
// existing link its public URL (copyable) and a Delete that asks first.
import { recordPages } from "../forms/edit-page";
import { checkoutLinks } from "../hooks/catalog";
import { Card, CopyableUrl } from "../ui/misc";
import { CheckoutLinkForm } from "./form";
import { checkoutLinkTitle } from "./logic";

export const { NewPage: NewCheckoutLinkPage, EditPage: EditCheckoutLinkPage } = recordPages({
  hooks: checkoutLinks,
  intro: "A lasting URL that opens a fresh checkout for its products on each visit.",
  title: checkoutLinkTitle,
  deleteExplains: "Its URL stops opening checkouts. Checkouts and orders made through it are kept.",
  form: (link) => <CheckoutLinkForm key={link?.id} link={link} />,
  around: (link, form) => (
    <>
      <Card title="URL">
        <CopyableUrl url={link.url} testId="checkout-link-url" />
      </Card>
      {form}
    </>
  ),
});
