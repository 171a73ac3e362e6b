"use client";
// /dashboard/<org>/tokens: the organization's API access tokens. A new token is shown once, right
// after creation, in a panel that says so; afterwards only its name and scopes remain visible.
import { useEffect, useRef, useState } from "react";
import { useAccessTokens, type CreatedAccessToken } from "../hooks/access-tokens";
import { useOrganization } from "../organization";
import { pageFrom, useUrlState } from "../url-state";
import { Button } from "../ui/button";
import { CopyButton, PageHeader } from "../ui/misc";
import { Pagination } from "../ui/pagination";
import { EmptyState, ErrorState, TableSkeleton } from "../ui/states";
import { useToast } from "../ui/toast";
import { CreateTokenForm } from "./create-form";
import { TokenTable } from "./token-table";

const PAGE_SIZE = 20;

export function AccessTokensPage() {
  const organization = useOrganization();
  const url = useUrlState();
  const notify = useToast();
  const page = pageFrom(url.get("page"));
  const tokens = useAccessTokens(organization.id, page, PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  return (
    <>
      <PageHeader
        title="Access tokens"
        actions={
          creating ? null : (
            <Button
              variant="primary"
              onClick={() => {
                setCreated(null);
                setCreating(true);
              }}
            >
              Create token
            </Button>
          )
        }
      >
        Tokens let your servers call the API as {organization.name}. Send one as{" "}
        <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>.
      </PageHeader>
      <div className="space-y-6">
        {creating ? (
          <CreateTokenForm
            organizationId={organization.id}
            onCancel={() => setCreating(false)}
            onCreated={(result) => {
              setCreating(false);
              setCreated(result);
              notify("Token created");
            }}
          />
        ) : null}
        {created ? <CreatedTokenPanel created={created} onDone={() => setCreated(null)} /> : null}
        {tokens.isPending ? (
          <TableSkeleton columns={6} />
        ) : tokens.isError && !tokens.data ? (
          <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.items.length === 0 ? (
          <EmptyState title="No access tokens yet">
            Create one to call the API from your own servers.
          </EmptyState>
        ) : (
          <div aria-busy={tokens.isFetching}>
            <TokenTable organizationId={organization.id} tokens={tokens.data.items} />
            <Pagination
              page={page}
              maxPage={tokens.data.pagination.max_page}
              totalCount={tokens.data.pagination.total_count}
              limit={PAGE_SIZE}
              onPageChange={(next) => url.update({ page: next })}
            />
          </div>
        )}
      </div>
    </>
  );
}

function CreatedTokenPanel({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="created-token-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-5 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h2 id="created-token-heading" ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        Token “{created.organization_access_token.comment}” created
      </h2>
      <p role="alert" className="mt-1 text-sm text-amber-900 dark:text-amber-200">
        Copy it now and keep it somewhere safe: it won’t be shown again.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <code
          data-testid="created-token"
          className="rounded bg-white px-2 py-1 font-mono text-sm break-all select-all dark:bg-zinc-900"
        >
          {created.token}
        </code>
        <CopyButton value={created.token} label="Copy token" />
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
