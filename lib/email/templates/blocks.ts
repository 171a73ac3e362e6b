// Pieces the emails share: dates in words, tables of labelled values (an order's facts, its money
// lines) and a link, each as plain text and as HTML (escaped by `html`), so every template says the
// same in both parts.
import { html, type SafeHtml } from "./html";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { translator, type Translator } from "../../i18n/translate";

/** A date in words in the email's language ("March 5, 2026", "5. März 2026"); English by default. */
export const formatDate = (date: Date, tr: Translator = translator(DEFAULT_LOCALE)) => tr.date(date);

/**
 * The buyer's language of an email (docs/i18n.md): the `locale` its data carries (the customer's,
 * or the purchase's for its receipt), English when none.
 */
export type Localized = { locale?: Locale | null };
export const emailTranslator = (data: Localized): Translator => translator(data.locale ?? DEFAULT_LOCALE);

export type Rows = [label: string, value: string][];

/** "Label: value" lines ("Label : value" in French), in the email's language. */
export function textRows(rows: Rows, tr: Translator = translator(DEFAULT_LOCALE)): string {
  return rows.map(([label, value]) => tr.t("common.labelValue", { label, value })).join("\n");
}

const CELL = "padding:4px 0;";
const GREY_LABEL = "color:#71717a;";

/** The one table markup of every labelled-rows block below. */
function rowsTable(
  rows: Rows,
  style: { label: string; value: string; rule?: boolean; boldIndex?: number },
): SafeHtml {
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    style="margin:0 0 16px;${style.rule ? "border-top:1px solid #e4e4e7;" : ""}"
  >
    ${rows.map(
      ([label, value], index) =>
        html`<tr style="${index === style.boldIndex ? "font-weight:600;" : ""}">
          <td style="${CELL}${style.label}">${label}</td>
          <td style="${CELL}${style.value}">${value}</td>
        </tr>`,
    )}
  </table>`;
}

export function htmlRows(rows: Rows, options: { boldLast?: boolean; alignRight?: boolean } = {}): SafeHtml {
  return rowsTable(rows, {
    label: `${GREY_LABEL}width:40%;`,
    value: options.alignRight ? "text-align:right;" : "",
    boldIndex: options.boldLast ? rows.length - 1 : undefined,
  });
}

/** An order's facts (order number, dates, product): grey labels, values beside them. */
export function htmlFacts(rows: Rows): SafeHtml {
  return rowsTable(rows, { label: `${GREY_LABEL}width:35%;`, value: "" });
}

/** Money lines under a rule, amounts right-aligned; `bold` is the line that counts (paid, refunded). */
export function htmlMoneyLines(rows: Rows, bold: "first" | "last"): SafeHtml {
  return rowsTable(rows, {
    label: "",
    value: "text-align:right;",
    rule: true,
    boldIndex: bold === "first" ? 0 : rows.length - 1,
  });
}

export function htmlParagraphs(paragraphs: string[]): SafeHtml {
  return html`${paragraphs.map((paragraph) => html`<p style="margin:0 0 12px;">${paragraph}</p>`)}`;
}

export function htmlLink(label: string, url: string): SafeHtml {
  return html`<p style="margin:16px 0 0;">
    <a href="${url}" style="color:#4f46e5;font-weight:600;">${label}</a>
  </p>`;
}

export const greetingFor = (customerName: string | null, tr: Translator = translator(DEFAULT_LOCALE)) =>
  customerName ? tr.t("email.greeting", { name: customerName }) : tr.t("email.greetingAnonymous");

/** Joins the plain-text parts with blank lines, leaving out the missing ones. */
export function textParts(parts: (string | null)[]): string {
  return parts.filter((part): part is string => part !== null && part !== "").join("\n\n");
}
