"use client";
// The endpoint's signing secret. The API answers it only to create and rotate, so it is shown once,
// right then, in a panel that says so; afterwards the card only offers to rotate it. Rotating asks
// first and says the old secret keeps signing for 24 hours, so receivers can switch without a gap.
import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "../format";
import {
  forgetRevealedSecret,
  peekRevealedSecret,
  useRotateWebhookSecret,
  type RevealedSecret,
} from "../hooks/webhooks";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../kit/confirm-dialog";
import { Card, CopyButton } from "../ui/misc";
import { useToast } from "../ui/toast";
import { PREVIOUS_SECRET_HOURS } from "./logic";
import type { WebhookEndpoint } from "./types";

export function SigningSecretCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  // The secret handed over by the create form is shown by this visit only: read, then forgotten.
  const [revealed, setRevealed] = useState<RevealedSecret | null>(() =>
    peekRevealedSecret(queryClient, endpoint.id),
  );
  useEffect(() => forgetRevealedSecret(queryClient, endpoint.id), [queryClient, endpoint.id]);
  const [openedAt] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const notify = useToast();
  const previousExpiry = endpoint.previous_secret_expires_at;

  return (
    <Card
      title="Signing secret"
      actions={
        <Button
          size="sm"
          onClick={() => {
            rotate.reset();
            setConfirming(true);
          }}
        >
          Rotate secret
        </Button>
      }
    >
      {revealed ? (
        <RevealedSecretPanel revealed={revealed} onDone={() => setRevealed(null)} />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          <span className="font-mono" aria-label="Hidden secret">
            whsec_••••••••
          </span>{" "}
          Shown only when the endpoint is added or its secret rotated. Receivers verify each request&apos;s{" "}
          <code className="font-mono text-xs">webhook-signature</code> with it.
        </p>
      )}
      {previousExpiry && new Date(previousExpiry).getTime() > openedAt && !revealed ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300" data-testid="previous-secret-expiry">
          The previous secret also signs until {formatDateTime(previousExpiry)}.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        error={rotate.error?.message}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              setRevealed({
                secret: answer.secret,
                previous_secret_expires_at: answer.previous_secret_expires_at,
              });
              notify("Signing secret rotated");
            },
          })
        }
      >
        <p>
          A new secret signs every request from now on. The old secret keeps signing for{" "}
          {PREVIOUS_SECRET_HOURS} hours, so your server can switch to the new one without missing an event.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function RevealedSecretPanel({ revealed, onDone }: { revealed: RevealedSecret; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="revealed-secret-heading"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h3
        id="revealed-secret-heading"
        ref={heading}
        tabIndex={-1}
        className="font-semibold focus:outline-none"
      >
        Your signing secret
      </h3>
      <p role="alert" className="mt-1 text-sm text-amber-900 dark:text-amber-200">
        Store it now: it will not be shown again.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label htmlFor="revealed-secret" className="sr-only">
          Signing secret
        </label>
        <input
          id="revealed-secret"
          data-testid="revealed-secret"
          readOnly
          value={revealed.secret}
          onFocus={(event) => event.target.select()}
          className="w-full max-w-xl rounded border border-amber-300 bg-white px-2 py-1 font-mono text-sm dark:border-amber-800 dark:bg-zinc-900"
        />
        <CopyButton value={revealed.secret} label="Copy secret" />
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      {revealed.previous_secret_expires_at ? (
        <p className="mt-3 text-sm text-amber-900 dark:text-amber-200" data-testid="previous-secret-expiry">
          The previous secret keeps signing until {formatDateTime(revealed.previous_secret_expires_at)}.
        </p>
      ) : null}
    </section>
  );
}
