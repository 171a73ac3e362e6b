"use client";
// The buyer's language on a hosted page (docs/i18n.md): the server chooses the locale and sends the
// namespaces of its catalog the page needs; every component reads one translator from here, so the
// server's render and the browser's hydration print the same text.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { makeTranslator, type Messages, type Translator } from "@/lib/i18n/translator";

const TranslatorContext = createContext<Translator | null>(null);

export function TranslatorProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const translator = useMemo(() => makeTranslator(locale, messages), [locale, messages]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** The page's translator; a component outside a provider is a mistake in the page. */
export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslator: no TranslatorProvider above this component.");
  return translator;
}
