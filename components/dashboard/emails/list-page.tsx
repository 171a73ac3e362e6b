"use client";
// /dashboard/<org>/emails: what buyers were sent (receipts and notices), newest first, filtered by
// status, sorted and paged through the URL. Without SMTP_URL, this is where the emails are kept.
import Link from "next/link";
import { formatDateTime } from "../format";
import { useEmails } from "../hooks/emails";
import { oneOf } from "../license-keys/logic";
import { PAGE_SIZE, useListView } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { ListBody } from "../ui/list-body";
import { Badge, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import {
  EMAIL_SORT_FIELDS,
  EMAIL_STATUSES,
  EMAIL_STATUS_INFO,
  emailStatusInfo,
  kindLabel,
  transportLabel,
} from "./logic";

export function EmailsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(EMAIL_SORT_FIELDS, ["-created_at"]);
  const status = oneOf(view.url.get("status"), EMAIL_STATUSES);
  const list = useEmails({
    organization_id: organization.id,
    status,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title="Emails">
        Receipts and notices sent to your buyers. Without a mail server (SMTP_URL), they are kept here.
      </PageHeader>
      <div role="search" aria-label="Filter emails" className="mb-4">
        <label
          htmlFor="filter-email-status"
          className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300"
        >
          Status
        </label>
        <select
          id="filter-email-status"
          className={`${inputClass} w-40`}
          value={status ?? ""}
          onChange={(event) => view.url.update({ status: event.target.value || null })}
        >
          <option value="">All statuses</option>
          {EMAIL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {EMAIL_STATUS_INFO[value].label}
            </option>
          ))}
        </select>
      </div>
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={(page) => view.url.update({ page })}
        columns={6}
        filtered={Boolean(status)}
        onClearFilters={() => view.url.update({ status: null })}
        empty={{ title: "No emails yet", text: "A receipt appears here after each purchase." }}
      >
        {(rows) => (
          <Table label="Emails">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="to" label="To" {...view.sortProps} />
                <Th>Subject</Th>
                <Th>Kind</Th>
                <Th>Status</Th>
                <Th>Transport</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((email) => (
                <tr key={email.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-56 truncate`}>{email.to}</td>
                  <td className={`${cellClass} max-w-72 truncate`}>
                    <Link href={orgPath(`/emails/${email.id}`)} className={linkClass}>
                      {email.subject}
                    </Link>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{kindLabel(email.kind)}</td>
                  <td className={cellClass}>
                    <Badge tone={emailStatusInfo(email).tone}>{emailStatusInfo(email).label}</Badge>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{transportLabel(email.transport)}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(email.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
