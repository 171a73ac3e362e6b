"use client";
// The access tokens table's columns (newest first, revoked ones included) with a Revoke action,
// confirmed first: a revoked token answers 401 at once.
import { SCOPES } from "@/lib/auth/scopes";
import { formatDate, formatDateTime } from "../format";
import { useRevokeAccessToken, type AccessToken } from "../hooks/access-tokens";
import { ConfirmButton } from "../kit/confirm-dialog";
import { dateColumn, type Column } from "../kit/data-table";
import { Badge } from "../ui/misc";
import { useToast } from "../ui/toast";
import { tokenState, type TokenState } from "./logic";

const STATE_BADGES: Record<TokenState, { label: string; tone: "green" | "red" | "zinc" }> = {
  active: { label: "Active", tone: "green" },
  revoked: { label: "Revoked", tone: "red" },
  expired: { label: "Expired", tone: "zinc" },
};

const never = (value: string | null) => (value ? formatDateTime(value) : "Never");

export const tokenRowProps = (token: AccessToken) => ({ "data-testid": `token-row-${token.id}` });

export function tokenColumns(organizationId: string): Column<AccessToken>[] {
  return [
    { label: "Name", cellClassName: "max-w-48 font-medium break-words", cell: (token) => token.comment },
    { label: "Scopes", cellClassName: "max-w-72", cell: (token) => <Scopes scopes={token.scopes} /> },
    {
      label: "Status",
      cell: (token) => {
        const badge = STATE_BADGES[tokenState(token)];
        return (
          <>
            <Badge tone={badge.tone}>{badge.label}</Badge>
            {token.revoked_at ? (
              <span className="mt-0.5 block text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">
                {formatDate(token.revoked_at)}
              </span>
            ) : null}
          </>
        );
      },
    },
    dateColumn("Created", (token) => token.created_at, formatDateTime),
    { label: "Last used", cellClassName: "whitespace-nowrap", cell: (token) => never(token.last_used_at) },
    { label: "Expires", cellClassName: "whitespace-nowrap", cell: (token) => never(token.expires_at) },
    {
      label: "Actions",
      hideLabel: true,
      cellClassName: "text-right",
      cell: (token) =>
        tokenState(token) === "revoked" ? null : (
          <RevokeToken organizationId={organizationId} token={token} />
        ),
    },
  ];
}

function Scopes({ scopes }: { scopes: readonly string[] }) {
  if (SCOPES.every((scope) => scopes.includes(scope)))
    return <span className="text-zinc-500 dark:text-zinc-400">All scopes</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {scopes.map((scope) => (
        <code
          key={scope}
          className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] dark:bg-zinc-800"
        >
          {scope}
        </code>
      ))}
    </span>
  );
}

function RevokeToken({ organizationId, token }: { organizationId: string; token: AccessToken }) {
  const revoke = useRevokeAccessToken(organizationId);
  const notify = useToast();
  return (
    <ConfirmButton
      size="sm"
      label={
        <>
          Revoke<span className="sr-only"> {token.comment}</span>
        </>
      }
      title="Revoke this access token?"
      confirmLabel="Revoke token"
      destructive
      action={revoke}
      onConfirm={(close) =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            notify(`Token “${token.comment}” revoked`);
            close();
          },
        })
      }
    >
      <p>
        Every request made with “{token.comment}” will be refused (401) from now on. This cannot be undone:
        create a new token if you need access again.
      </p>
    </ConfirmButton>
  );
}
