"use client";
// /dashboard/<org>/tokens: the organization's API access tokens. A new token is shown once, right
// after creation, in a panel that says so; afterwards only its name and scopes remain visible.
import { useEffect, useRef, useState } from "react";
import { useAccessTokens, type CreatedAccessToken } from "../hooks/access-tokens";
import { ListPage } from "../kit/list-page";
import { useListView } from "../list-view";
import { useOrganization } from "../organization";
import { Button } from "../ui/button";
import { CopyableValue } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CreateTokenForm } from "./create-form";
import { tokenColumns, tokenRowProps } from "./token-table";

export function AccessTokensPage() {
  const organization = useOrganization();
  const notify = useToast();
  const view = useListView([], [], { search: false });
  const tokens = useAccessTokens(organization.id, view.page, view.limit);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  return (
    <ListPage
      title="Access tokens"
      description={
        <>
          Tokens let your servers call the API as {organization.name}. Send one as{" "}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>.
        </>
      }
      action={
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
      view={view}
      list={tokens}
      columns={tokenColumns(organization.id)}
      rowProps={tokenRowProps}
      empty={{ title: "No access tokens yet", text: "Create one to call the API from your own servers." }}
    >
      {creating || created ? (
        <div className="mb-6 space-y-6">
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
        </div>
      ) : null}
    </ListPage>
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
      <div className="mt-4">
        <CopyableValue value={created.token} copyLabel="Copy token" testId="created-token" onPanel>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </CopyableValue>
      </div>
    </section>
  );
}
