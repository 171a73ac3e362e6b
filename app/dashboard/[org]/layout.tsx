import type { ReactNode } from "react";
import { Suspense } from "react";
import { DashboardShell } from "@/components/dashboard/shell";

export default async function OrganizationLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ org: string }>;
}) {
  const { org } = await params;
  return (
    <DashboardShell slug={org}>
      <Suspense>{children}</Suspense>
    </DashboardShell>
  );
}
