"use client";
// /dashboard/new: create an organization (signed-in merchants; others go to sign-in and back).
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { isUnauthenticated } from "@/components/api-client";
import { useSession } from "../hooks/session";
import { signInPath } from "../next-path";
import { NewOrganizationForm } from "./new-organization-form";
import { BackLink } from "../kit/detail-frame";
import { PageHeader } from "../ui/misc";
import { ErrorState, Skeleton } from "../ui/states";

export function NewOrganizationPage() {
  const session = useSession();
  const router = useRouter();
  const signedOut = isUnauthenticated(session.error);
  useEffect(() => {
    if (signedOut) router.replace(signInPath("/dashboard/new"));
  }, [signedOut, router]);

  const first = session.data?.organizations[0];
  return (
    <main id="main" className="mx-auto max-w-2xl p-4 sm:p-8">
      {session.isPending || signedOut ? (
        <div role="status" aria-label="Loading">
          <Skeleton className="h-8 w-full" />
        </div>
      ) : session.isError ? (
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      ) : (
        <>
          {first ? <BackLink href={`/dashboard/${first.slug}`}>{first.name}</BackLink> : null}
          <PageHeader title="New organization">
            An organization has its own products, customers, orders and settings. You will be its owner.
          </PageHeader>
          <NewOrganizationForm onCancel={first ? () => router.push(`/dashboard/${first.slug}`) : undefined} />
        </>
      )}
    </main>
  );
}
