"use client";
// /dashboard/<org>/emails: what buyers were sent (receipts and notices), newest first, filtered by
// status, sorted and paged through the URL. Without SMTP_URL, this is where the emails are kept.
import { formatDateTime } from "../format";
import { useEmails, type EmailSummary } from "../hooks/emails";
import { createdColumn, type Column } from "../kit/data-table";
import { ListPage } from "../kit/list-page";
import { oneOfParser, useListView } from "../list-view";
import { useOrgPath } from "../organization";
import { Badge } from "../ui/misc";
import {
  EMAIL_SORT_FIELDS,
  EMAIL_STATUSES,
  EMAIL_STATUS_INFO,
  emailStatusInfo,
  kindLabel,
  transportLabel,
} from "./logic";

const STATUS_OPTIONS = EMAIL_STATUSES.map((value) => ({ value, label: EMAIL_STATUS_INFO[value].label }));

export function EmailsPage() {
  const orgPath = useOrgPath();
  const view = useListView(EMAIL_SORT_FIELDS, ["-created_at"], {
    search: false,
    filters: { status: oneOfParser(EMAIL_STATUSES) },
  });
  const list = useEmails(view.params);
  const columns: Column<EmailSummary>[] = [
    { label: "To", sort: "to", cellClassName: "max-w-56 truncate", cell: (email) => email.to },
    { label: "Subject", link: true, cellClassName: "max-w-72 truncate", cell: (email) => email.subject },
    { label: "Kind", cellClassName: "whitespace-nowrap", cell: (email) => kindLabel(email.kind) },
    {
      label: "Status",
      cell: (email) => <Badge tone={emailStatusInfo(email).tone}>{emailStatusInfo(email).label}</Badge>,
    },
    {
      label: "Transport",
      cellClassName: "whitespace-nowrap",
      cell: (email) => transportLabel(email.transport),
    },
    createdColumn(formatDateTime),
  ];

  return (
    <ListPage
      title="Emails"
      description="Receipts and notices sent to your buyers. Without a mail server (SMTP_URL), they are kept here."
      selects={[{ name: "status", label: "Status", allLabel: "All statuses", options: STATUS_OPTIONS }]}
      rowHref={(email) => orgPath(`/emails/${email.id}`)}
      view={view}
      list={list}
      columns={columns}
      empty={{ title: "No emails yet", text: "A receipt appears here after each purchase." }}
    />
  );
}
