"use client";
// The organization's offline-license public key (issue 12): what the merchant pastes into their
// application so it can check signed license certificates without a network
// (lib/licensing/verify-certificate.ts; docs/licensing.md). Read from the public route.
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { licensePublicKeySchema } from "@/lib/licensing/schemas";
import { apiFetch } from "@/components/api-client";
import { DetailSkeleton, NotFoundOrError } from "../kit/detail-frame";
import { Card, CopyButton } from "../ui/misc";

type LicensePublicKey = z.input<typeof licensePublicKeySchema>;

export function LicensePublicKeyCard({ organizationId }: { organizationId: string }) {
  const publicKey = useQuery({
    queryKey: ["organizations", "license-public-key", organizationId],
    queryFn: ({ signal }) =>
      apiFetch<LicensePublicKey>(
        `/v1/organizations/${encodeURIComponent(organizationId)}/license-public-key`,
        {
          signal,
        },
      ),
    staleTime: Infinity,
  });
  if (publicKey.isPending) return <DetailSkeleton />;
  if (publicKey.isError) {
    return (
      <NotFoundOrError
        error={publicKey.error}
        what="License public key"
        retry={() => void publicKey.refetch()}
      />
    );
  }
  const { public_key: raw, public_key_pem: pem } = publicKey.data;
  return (
    <Card title="Offline licenses">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-300">
        Your software verifies signed license certificates offline with this {publicKey.data.algorithm} public
        key. Certificates come from{" "}
        <code className="font-mono text-xs">POST /v1/customer-portal/license-keys/certificate</code>.
      </p>
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-zinc-500 dark:text-zinc-400">Public key (base64url)</span>
        <code className="font-mono text-xs break-all" data-testid="license-public-key">
          {raw}
        </code>
        <CopyButton value={raw} label="Copy public key" />
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-300">PEM (SPKI)</summary>
        <pre className="mt-2 overflow-x-auto rounded bg-zinc-100 p-2 font-mono text-xs dark:bg-zinc-800">
          {pem}
        </pre>
        <CopyButton value={pem} label="Copy PEM" />
      </details>
    </Card>
  );
}
