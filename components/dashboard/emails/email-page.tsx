"use client";
// /dashboard/<org>/emails/<id>: one email as the buyer got it — its HTML part rendered in a sandboxed
// frame (no script, no navigation, no access to the dashboard), its plain-text part, and how its
// sending went.
import Link from "next/link";
import { formatDateTime } from "../format";
import { useEmail, type EmailDetail } from "../hooks/emails";
import { useOrgPath } from "../organization";
import { DetailFrame } from "../kit/detail-frame";
import { Badge, Card, codeItem, DetailList, PageHeader } from "../ui/misc";
import { linkClass } from "../ui/table";
import { emailStatusInfo, kindLabel, statusMeaning, transportLabel } from "./logic";

export function EmailPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const email = useEmail(id);
  return (
    <DetailFrame back={{ href: orgPath("/emails"), label: "Emails" }} query={email} what="Email">
      {(data) => <EmailView email={data} />}
    </DetailFrame>
  );
}

function EmailView({ email }: { email: EmailDetail }) {
  const orgPath = useOrgPath();
  const info = emailStatusInfo(email);
  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {email.subject}
            <Badge tone={info.tone}>{info.label}</Badge>
          </span>
        }
      >
        {statusMeaning(email)}
      </PageHeader>

      <Card title="Details">
        <DetailList
          items={[
            ["To", email.to],
            ["From", email.from],
            ["Reply-To", email.reply_to],
            ["Kind", kindLabel(email.kind)],
            ["Transport", transportLabel(email.transport)],
            ["Attempts", String(email.attempts)],
            ["Last error", email.last_error],
            ["Created", formatDateTime(email.created_at)],
            ["Sent", formatDateTime(email.sent_at)],
            [
              "Order",
              email.order_id ? (
                <Link href={orgPath(`/orders/${email.order_id}`)} className={linkClass}>
                  {email.order_id}
                </Link>
              ) : null,
            ],
            codeItem("Message-ID", email.message_id),
          ]}
        />
      </Card>

      <Card title="HTML">
        {/* sandbox="": the email's markup runs no script and cannot navigate or reach this page. */}
        <iframe
          title="The email's HTML part"
          sandbox=""
          srcDoc={email.html}
          className="h-[32rem] w-full rounded border border-zinc-200 bg-white dark:border-zinc-700"
        />
      </Card>

      <Card title="Plain text">
        <pre
          data-testid="email-text"
          className="overflow-x-auto rounded bg-zinc-50 p-4 font-mono text-sm whitespace-pre-wrap dark:bg-zinc-950"
        >
          {email.text}
        </pre>
      </Card>
    </div>
  );
}
