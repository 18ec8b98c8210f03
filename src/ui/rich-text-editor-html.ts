import { sanitizeHtml } from '@/ui/sanitized-html';

/**
 * What the rich-text editor stores: its HTML sanitised to the spec 000 §5 allowlist, and a lone
 * empty paragraph (Lexical's empty document, `<p><br></p>`) stored as '' (spec 001, issue 7),
 * so "Description is a required field" sees an untouched editor as empty.
 */
export function editorHtmlToStored(html: string): string {
  const clean = sanitizeHtml(html);
  return isEmptyDocument(clean) ? '' : clean;
}

/** True when `html` holds no text: empty paragraphs, breaks, empty spans and whitespace only. */
export function isEmptyDocument(html: string): boolean {
  const withoutEmptyMarkup = html
    .replace(/<br\s*\/?>/gi, '')
    .replace(/&nbsp;|\u00a0/gi, '')
    .replace(/<\/?(?:p|span)>/gi, '');
  return withoutEmptyMarkup.trim() === '';
}
