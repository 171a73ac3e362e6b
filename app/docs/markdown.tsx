// The small Markdown subset the OpenAPI document's descriptions use: paragraphs, "- " lists,
// `code`, **bold**, *emphasis* and [links](https://…). It builds React elements, never HTML text,
// so a description cannot inject markup; links go only to http(s), site paths and anchors.
import type { ReactNode } from "react";

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
const SAFE_HREF = /^(https?:\/\/|\/(?!\/)|#)/;

const codeClass = "rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] break-words dark:bg-zinc-800";

export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, bold, emphasis, label, href] = match;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const key = nodes.length;
    if (code !== undefined)
      nodes.push(
        <code key={key} className={codeClass}>
          {code}
        </code>,
      );
    else if (bold !== undefined) nodes.push(<strong key={key}>{renderInline(bold)}</strong>);
    else if (emphasis !== undefined) nodes.push(<em key={key}>{renderInline(emphasis)}</em>);
    else if (label !== undefined && href !== undefined)
      nodes.push(
        SAFE_HREF.test(href) ? (
          <a key={key} href={href} className="underline">
            {renderInline(label)}
          </a>
        ) : (
          label
        ),
      );
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** The text without its Markdown marks, for places that show plain text (the contents). */
export const plainText = (text: string) =>
  text.replace(INLINE, (whole, code, bold, emphasis, label) => code ?? bold ?? emphasis ?? label ?? whole);

/** Paragraphs separated by blank lines; a block whose lines all start with "- " is a list. */
export function Markdown({ text, className = "" }: { text: string; className?: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <div className={`space-y-2 ${className}`}>
      {blocks.map((block, index) => {
        const lines = block.split("\n");
        if (lines.every((line) => /^[-*] /.test(line)))
          return (
            <ul key={index} className="list-disc space-y-1 pl-5">
              {lines.map((line, item) => (
                <li key={item}>{renderInline(line.slice(2))}</li>
              ))}
            </ul>
          );
        return <p key={index}>{renderInline(lines.join(" "))}</p>;
      })}
    </div>
  );
}
