"use client";
// /dashboard: to the first organization of the signed-in merchant, or to sign-in; a merchant in no
// organization creates one here.
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { isUnauthenticated } from "@/components/api-client";
import { useSession } from "@/components/dashboard/hooks/session";
import { NewOrganizationForm } from "@/components/dashboard/organizations/new-organization-form";
import { PageHeader } from "@/components/dashboard/ui/misc";
import { ErrorState, Skeleton } from "@/components/dashboard/ui/states";

export default function DashboardIndex() {
  const session = useSession();
  const router = useRouter();
  const first = session.data?.organizations[0];
  const signedOut = isUnauthenticated(session.error);
  useEffect(() => {
    if (signedOut) router.replace("/dashboard/sign-in");
    else if (first) router.replace(`/dashboard/${first.slug}`);
  }, [signedOut, first, router]);

  if (session.isError && !signedOut) {
    return (
      <div className="mx-auto max-w-xl p-8">
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  if (session.data && !first) {
    return (
      <main id="main" className="mx-auto max-w-2xl p-4 sm:p-8">
        <PageHeader title="New organization">
          Your account is not a member of any organization yet. Create one to start selling.
        </PageHeader>
        <NewOrganizationForm onCancel={() => void session.refetch()} />
      </main>
    );
  }
  return (
    <div role="status" aria-label="Loading" className="mx-auto max-w-xl p-8">
      <Skeleton className="h-8 w-full" />
    </div>
  );
}
