/**
 * Which addresses from outside content (an article's source URL, a link inside its text) IST
 * makes into links (issue 16): absolute http and https (the web pages articles come from) and
 * mailto. Anything else (javascript:, vbscript:, data:, relative or unparseable text) is shown
 * as text. Parsed with the URL parser the browser itself uses, so tabs, newlines and case in the
 * scheme ("Java\tScript:") cannot slip past a pattern.
 */
const linkSchemes: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/** `address` as a link target, or undefined when it must be shown as text. */
export function externalHref(address: string | null | undefined): string | undefined {
  if (address === null || address === undefined) return undefined;
  const trimmed = address.trim();
  if (trimmed === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return undefined;
  }
  return linkSchemes.has(parsed.protocol) ? parsed.href : undefined;
}
