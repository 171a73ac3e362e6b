"use client";
// Changing the email (docs/portal.md, "Changing the email address"): the account panel's "Change
// email" → the new address → "Check your inbox"; the link in that email lands on the portal with
// its token in the fragment, which the page takes out of the address at once and verifies
// (useEmailLink): "Email changed", and this browser is signed in with the session the answer set.
import { useTranslator } from "@/components/i18n/translator-context";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Field, Spinner, TextInput } from "@/components/checkout/fields";
import { requestEmailUpdate, verifyEmailUpdate } from "./api";
import {
  emailUpdateTokenFromHash,
  requestLinkErrorMessage,
  verifyLinkErrorMessage,
} from "./email-change-rules";
import { usePortalSession, useMe } from "./hooks";
import { emailError, normalizeEmail } from "./sign-in-rules";
import { Panel, PRIMARY, SECONDARY } from "./ui";

export type EmailLink =
  { kind: "none" } | { kind: "verifying" } | { kind: "changed" } | { kind: "failed"; message: string };

/**
 * The emailed link, when the page was opened from one: its token is read once and removed from the
 * address bar and history, then verified. `onChanged` runs once the answer has set the new session.
 */
export function useEmailLink(onChanged: () => void): EmailLink {
  const tr = useTranslator();
  const [link, setLink] = useState<EmailLink>({ kind: "none" });
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);
  useEffect(() => {
    const token = emailUpdateTokenFromHash(window.location.hash);
    if (!token) return;
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    // Read once from the browser's address, which React cannot render on the server.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLink({ kind: "verifying" });
    verifyEmailUpdate(token).then(
      () => {
        changed.current();
        setLink({ kind: "changed" });
      },
      (error: unknown) => setLink({ kind: "failed", message: verifyLinkErrorMessage(error, tr) }),
    );
    // Once per page: the translator does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return link;
}

/** What became of the emailed link, above the page's content. */
export function EmailLinkNotice({ link }: { link: EmailLink }) {
  const tr = useTranslator();
  if (link.kind === "none") return null;
  if (link.kind === "failed") {
    return (
      <p
        role="alert"
        className="mb-6 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-300"
      >
        {link.message}
      </p>
    );
  }
  return (
    <p
      role="status"
      className="mb-6 flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300"
    >
      {link.kind === "verifying" ? (
        <>
          <Spinner /> {tr.t("portal.confirmingEmail")}
        </>
      ) : (
        tr.t("portal.emailChanged")
      )}
    </p>
  );
}

/** The account panel: the buyer's email, and the form that asks for a link to a new one. */
export function EmailSection() {
  const tr = useTranslator();
  const { csrf } = usePortalSession();
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const help = tr.t("portal.newEmailHelp");

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailError(email, tr);
    if (invalid) {
      setError(invalid);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestEmailUpdate(csrf, normalizeEmail(email));
      setSentTo(normalizeEmail(email));
      setEditing(false);
      setEmail("");
    } catch (failure) {
      setError(requestLinkErrorMessage(failure, tr));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={tr.t("portal.account")}>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {tr.t("portal.email")}:{" "}
        <span className="font-medium break-all text-zinc-900 dark:text-zinc-50">{me.data?.email}</span>
      </p>
      {editing ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-3">
          <Field id={inputId} label={tr.t("portal.newEmail")} error={error ?? undefined} help={help}>
            <TextInput
              ref={inputRef}
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              maxLength={320}
              required
              value={email}
              error={error ?? undefined}
              help={help}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={PRIMARY} disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? tr.t("portal.sendingLink") : tr.t("portal.sendLink")}
            </button>
            <button
              type="button"
              className={SECONDARY}
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              {tr.t("portal.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={`${SECONDARY} mt-3`}
          onClick={() => {
            setSentTo(null);
            setEditing(true);
          }}
        >
          {tr.t("portal.changeEmail")}
        </button>
      )}
      <p
        role="status"
        aria-live="polite"
        className={sentTo ? "mt-3 text-sm text-zinc-700 dark:text-zinc-300" : undefined}
      >
        {sentTo ? (
          <>
            <strong className="font-semibold">{tr.t("portal.checkInbox")}</strong>{" "}
            {tr.t("portal.linkSent", { email: sentTo })}
          </>
        ) : null}
      </p>
    </Panel>
  );
}
