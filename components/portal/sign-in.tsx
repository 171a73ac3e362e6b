"use client";
// Sign-in by email: the buyer's email, then the 6-digit code the server emails them (the same answer
// whether or not the email buys here), with a new code after a short wait. Every outcome is read
// out (aria-live), focus follows the step, and errors sit under the field they are about.
import { useTranslator } from "@/components/i18n/translator-context";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Field, Spinner, TextInput } from "@/components/checkout/fields";
import { authenticate, requestSignInCode, type PortalOrganization } from "./api";
import {
  CODE_LENGTH,
  codeErrorMessage,
  codesAlreadySent,
  codesAlreadySentMessage,
  emailError,
  isCompleteCode,
  normalizeCode,
  normalizeEmail,
  requestErrorMessage,
  resendSecondsLeft,
} from "./sign-in-rules";
import { BIG_PRIMARY, LINK } from "./ui";

type Props = {
  organization: PortalOrganization;
  /** Why the buyer is here again ("Your session has expired"), or null. */
  notice: string | null;
  /** The answer has set the session's cookies. */
  onSignedIn: () => void;
};

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function SignIn({ organization, notice, onSignedIn }: Props) {
  const tr = useTranslator();
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentAt, setSentAt] = useState(0);
  const [status, setStatus] = useState("");
  const now = useNow(step === "code");
  const secondsLeft = step === "code" ? resendSecondsLeft(sentAt, Math.max(now, sentAt)) : 0;
  const emailId = useId();
  const codeId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === "code") codeRef.current?.focus();
  }, [step, sentAt]);

  const sendCode = async () => {
    const invalid = emailError(email, tr);
    if (invalid) {
      setError(invalid);
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestSignInCode(organization.id, normalizeEmail(email));
      setSentAt(Date.now());
      setCode("");
      setStep("code");
      setStatus(
        tr.t(step === "code" ? "portal.newCodeSent" : "portal.codeSent", {
          digits: CODE_LENGTH,
          email: normalizeEmail(email),
        }),
      );
    } catch (failure) {
      if (codesAlreadySent(failure)) {
        setCode("");
        setStep("code");
        setStatus(codesAlreadySentMessage(normalizeEmail(email), tr));
        return;
      }
      setError(requestErrorMessage(failure, tr));
      if (step === "email") emailRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const signIn = async () => {
    if (!isCompleteCode(code)) {
      setError(tr.t("portal.enterCode", { digits: CODE_LENGTH }));
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // The token in the answer is for API clients: the page keeps nothing but the cookies set.
      await authenticate(organization.id, normalizeEmail(email), code);
      setStatus(tr.t("portal.signedIn"));
      onSignedIn();
    } catch (failure) {
      setError(codeErrorMessage(failure, tr));
      setBusy(false);
      codeRef.current?.select();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (step === "email" ? sendCode() : signIn());
  };

  return (
    <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        {step === "email" ? tr.t("portal.signInTitle") : tr.t("portal.checkEmailTitle")}
      </h1>
      {notice && step === "email" ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {notice}
        </p>
      ) : null}
      <p aria-live="polite" className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        {step === "email"
          ? tr.t("portal.signInIntro", { organization: organization.name, digits: CODE_LENGTH })
          : status}
      </p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        {step === "email" ? (
          <Field id={emailId} label={tr.t("portal.email")} error={error ?? undefined}>
            <TextInput
              ref={emailRef}
              id={emailId}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              maxLength={320}
              required
              autoFocus
              error={error ?? undefined}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
        ) : (
          <Field
            id={codeId}
            label={tr.t("portal.signInCode")}
            error={error ?? undefined}
            help={tr.t("portal.codeHelp")}
          >
            <TextInput
              ref={codeRef}
              id={codeId}
              type="text"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={CODE_LENGTH + 8}
              required
              error={error ?? undefined}
              help
              value={code}
              onChange={(e) => setCode(normalizeCode(e.target.value))}
              className="font-mono text-lg tracking-[0.4em] tabular-nums"
            />
          </Field>
        )}
        <button type="submit" disabled={busy} className={BIG_PRIMARY}>
          {busy ? <Spinner /> : null}
          {step === "email"
            ? tr.t(busy ? "portal.sendingCode" : "portal.emailMeCode")
            : tr.t(busy ? "portal.signingIn" : "portal.signIn")}
        </button>
      </form>
      {step === "code" ? (
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm">
          <button
            type="button"
            className={LINK}
            onClick={() => {
              setStep("email");
              setError(null);
              setStatus("");
              setTimeout(() => emailRef.current?.focus());
            }}
          >
            {tr.t("portal.useDifferentEmail")}
          </button>
          <button
            type="button"
            className={`${LINK} disabled:cursor-not-allowed disabled:text-zinc-500 disabled:no-underline dark:disabled:text-zinc-500`}
            disabled={busy || secondsLeft > 0}
            onClick={() => void sendCode()}
          >
            {secondsLeft > 0
              ? tr.t("portal.sendNewCodeIn", { seconds: secondsLeft })
              : tr.t("portal.sendNewCode")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
