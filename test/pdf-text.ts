// Reads the text back out of a PDF this app renders (pdfkit, uncompressed streams, the standard
// fonts' WinAnsi encoding): each text object (BT … ET) becomes one line, in drawing order, with
// no-break spaces as spaces. Enough for tests to assert what a PDF says (lib/invoices), not a
// general PDF parser.

/** WinAnsi's characters in 0x80–0x9F that differ from Latin-1. */
const WIN_ANSI: Record<number, string> = {
  0x80: "€",
  0x82: "‚",
  0x84: "„",
  0x85: "…",
  0x8a: "Š",
  0x8c: "Œ",
  0x8e: "Ž",
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x95: "•",
  0x96: "–",
  0x97: "—",
  0x99: "™",
  0x9a: "š",
  0x9c: "œ",
  0x9e: "ž",
  0x9f: "Ÿ",
};

function decodeHex(hex: string): string {
  let out = "";
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI[code] ?? String.fromCharCode(code);
  }
  return out;
}

function decodeLiteral(literal: string): string {
  return literal.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
    if (escape in simple) return simple[escape]!;
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
    return escape;
  });
}

/** Every text object of every content stream, one line each. */
export function pdfTextLines(pdf: Uint8Array): string[] {
  const source = Buffer.from(pdf).toString("latin1");
  const lines: string[] = [];
  for (const stream of source.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    for (const block of stream[1]!.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let line = "";
      for (const piece of block[1]!.matchAll(/<([0-9a-fA-F]*)>|\((?:\\.|[^\\)])*\)/g)) {
        line += piece[1] !== undefined ? decodeHex(piece[1]) : decodeLiteral(piece[0]);
      }
      lines.push(line.replace(/\u00a0/g, " "));
    }
  }
  return lines;
}

/** The PDF's text as one string, a line per text object. */
export function pdfText(pdf: Uint8Array): string {
  return pdfTextLines(pdf).join("\n");
}
