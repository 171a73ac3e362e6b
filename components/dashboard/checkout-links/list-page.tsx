"use client";
// /dashboard/<org>/checkout-links: the organization's checkout links, sorted and paged through the
// URL, each with its public URL to copy and a link to its edit page.
import Link from "next/link";
import { formatDate } from "../format";
import { checkoutLinks } from "../hooks/checkout-links";
import { PAGE_SIZE, useListView } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { ListBody } from "../ui/list-body";
import { Badge, CopyButton, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import { CHECKOUT_LINK_SORT_FIELDS, checkoutLinkTitle } from "./logic";

export function CheckoutLinksPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(CHECKOUT_LINK_SORT_FIELDS, ["-created_at"]);
  const list = checkoutLinks.useList({
    organization_id: organization.id,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader
        title="Checkout links"
        actions={
          <Link href={orgPath("/checkout-links/new")} className={buttonClasses("primary")}>
            New checkout link
          </Link>
        }
      >
        Lasting URLs to share: each visit opens a fresh checkout for their products.
      </PageHeader>
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={(page) => view.url.update({ page })}
        columns={5}
        filtered={false}
        empty={{
          title: "No checkout links yet",
          text: "Create one to sell from a page, an email or a post.",
        }}
      >
        {(rows) => (
          <Table label="Checkout links">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="label" label="Link" {...view.sortProps} />
                <Th>Products</Th>
                <Th>URL</Th>
                <Th>Discount</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((link) => (
                <tr key={link.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-56 truncate`}>
                    <Link href={orgPath(`/checkout-links/${link.id}`)} className={linkClass}>
                      {checkoutLinkTitle(link)}
                    </Link>
                  </td>
                  <td className={`${cellClass} max-w-56 truncate`}>
                    {link.products.map((product) => product.name).join(", ")}
                  </td>
                  <td className={cellClass}>
                    <span className="flex items-center gap-2">
                      <code className="max-w-64 truncate font-mono text-xs" title={link.url}>
                        {link.url}
                      </code>
                      <CopyButton value={link.url} label="Copy URL" />
                    </span>
                  </td>
                  <td className={cellClass}>{link.discount ? link.discount.name : <Badge>None</Badge>}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(link.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
