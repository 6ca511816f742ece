// Reading server-rendered HTML as text, for assertions on what a visitor reads.

const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes character references in one pass (so "&amp;lt;" stays "&lt;"): named, decimal, hex. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return named[ref] ?? whole;
    return String.fromCodePoint(ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
  });
}

/** HTML as a reader sees it: scripts (hydration data) and tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, "")).replace(/\s+/g, " ");
}
