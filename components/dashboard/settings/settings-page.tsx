"use client";
// /dashboard/<org>/settings: the organization as the session knows it (name, slug, id — the id is
// what API calls and the license key routes take), and where its access tokens are managed.
import Link from "next/link";
import { useOrganization, useOrgPath } from "../organization";
import { Card, CopyButton, DetailList, PageHeader } from "../ui/misc";
import { linkClass } from "../ui/table";

export function SettingsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  return (
    <div className="space-y-6">
      <PageHeader title="Settings">{organization.name}</PageHeader>
      <Card title="Organization">
        <DetailList
          items={[
            ["Name", organization.name],
            [
              "Slug",
              <code key="slug" className="font-mono text-xs">
                {organization.slug}
              </code>,
            ],
            [
              "Organization ID",
              <span key="id" className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-xs">{organization.id}</code>
                <CopyButton value={organization.id} label="Copy ID" />
              </span>,
            ],
          ]}
        />
      </Card>
      <Card title="API access">
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          Programs call the API with an organization access token.{" "}
          <Link href={orgPath("/tokens")} className={linkClass}>
            Manage tokens
          </Link>
        </p>
      </Card>
    </div>
  );
}
