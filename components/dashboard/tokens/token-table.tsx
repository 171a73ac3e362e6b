"use client";
// The organization's access tokens (newest first, revoked ones included) with a Revoke action,
// confirmed first: a revoked token answers 401 at once.
import { useState } from "react";
import { SCOPES } from "@/lib/auth/scopes";
import { formatDate, formatDateTime } from "../format";
import { useRevokeAccessToken, type AccessToken } from "../hooks/access-tokens";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Badge } from "../ui/misc";
import { useToast } from "../ui/toast";
import { bodyRowClass, cellClass, headerRowClass, Table, Th } from "../ui/table";
import { tokenState, type TokenState } from "./logic";

const STATE_BADGES: Record<TokenState, { label: string; tone: "green" | "red" | "zinc" }> = {
  active: { label: "Active", tone: "green" },
  revoked: { label: "Revoked", tone: "red" },
  expired: { label: "Expired", tone: "zinc" },
};

export function TokenTable({ organizationId, tokens }: { organizationId: string; tokens: AccessToken[] }) {
  const revoke = useRevokeAccessToken(organizationId);
  const notify = useToast();
  const [target, setTarget] = useState<AccessToken | null>(null);

  return (
    <>
      <Table label="Access tokens">
        <thead>
          <tr className={headerRowClass}>
            <Th>Name</Th>
            <Th>Scopes</Th>
            <Th>Status</Th>
            <Th>Created</Th>
            <Th>Last used</Th>
            <Th>Expires</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => {
            const state = tokenState(token);
            return (
              <tr key={token.id} className={bodyRowClass} data-testid={`token-row-${token.id}`}>
                <td className={`${cellClass} max-w-48 font-medium break-words`}>{token.comment}</td>
                <td className={`${cellClass} max-w-72`}>
                  {SCOPES.every((scope) => token.scopes.includes(scope)) ? (
                    <span className="text-zinc-500 dark:text-zinc-400">All scopes</span>
                  ) : (
                    <span className="flex flex-wrap gap-1">
                      {token.scopes.map((scope) => (
                        <code
                          key={scope}
                          className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] dark:bg-zinc-800"
                        >
                          {scope}
                        </code>
                      ))}
                    </span>
                  )}
                </td>
                <td className={cellClass}>
                  <Badge tone={STATE_BADGES[state].tone}>{STATE_BADGES[state].label}</Badge>
                  {token.revoked_at ? (
                    <span className="mt-0.5 block text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">
                      {formatDate(token.revoked_at)}
                    </span>
                  ) : null}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(token.created_at)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {token.last_used_at ? formatDateTime(token.last_used_at) : "Never"}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {token.expires_at ? formatDateTime(token.expires_at) : "Never"}
                </td>
                <td className={`${cellClass} text-right`}>
                  {state === "revoked" ? null : (
                    <Button
                      size="sm"
                      onClick={() => {
                        revoke.reset();
                        setTarget(token);
                      }}
                    >
                      Revoke<span className="sr-only"> {token.comment}</span>
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <ConfirmDialog
        open={target !== null}
        title="Revoke this access token?"
        confirmLabel="Revoke token"
        variant="danger"
        busy={revoke.isPending}
        error={revoke.error?.message ?? null}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          revoke.mutate(target.id, {
            onSuccess: () => {
              notify(`Token “${target.comment}” revoked`);
              setTarget(null);
            },
          });
        }}
      >
        <p>
          Every request made with “{target?.comment}” will be refused (401) from now on. This cannot be
          undone: create a new token if you need access again.
        </p>
      </ConfirmDialog>
    </>
  );
}
