// HTML for emails, escaped by construction: the `html` tagged template escapes every value put into
// it unless the value is itself SafeHtml (markup a template built with `html`). A product or an
// organization name reaches an inbox as text, never as markup.

/** Markup built by a template (never from outside input without `html` or `escapeHtml`). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** A fragment of markup; every `${value}` in it is escaped (SafeHtml and arrays of it go in as is). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

/** One line of text for a header or a log line: control characters and line breaks become spaces. */
export function singleLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}
