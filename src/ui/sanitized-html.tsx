import { externalHref } from '@/domain/external-link';
import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

/**
 * THE one place that calls DOMPurify (STYLE.md: one choke point per sensitive library).
 * Spec 000 §5 "Displayed rich text": headings h3–h6, blockquote, p, a (href only), lists,
 * tables, pre, code and basic formatting; newlines become line breaks.
 */

/** The tags that survive sanitising; everything else is removed (its text is kept). */
export const allowedTags = [
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'p',
  'a',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'pre',
  'code',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'br',
  'span',
] as const;

/** Link schemes an href may use: anything else (javascript:, data:, relative) is dropped. */
const allowedUri = /^(?:https?:|mailto:)/i;

const config: Config = {
  ALLOWED_TAGS: [...allowedTags],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: allowedUri,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Parsed as an HTML fragment only: no SVG or MathML namespaces to confuse the parser.
  USE_PROFILES: false,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** A private DOMPurify instance (hooks are per instance), made on first use. */
function getPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (externalHref(href) === undefined) {
      node.removeAttribute('href');
      return;
    }
    // External content: a new tab that cannot reach back into IST.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = instance;
  return instance;
}

/** The sanitised HTML of `html`, with newlines turned into <br> first. */
export function sanitizeHtml(html: string): string {
  const withBreaks = html.replace(/\r\n?|\n/g, '<br>');
  return getPurifier().sanitize(withBreaks, config);
}

/** Props of {@link SanitizedHtml}. */
export interface SanitizedHtmlProps {
  /** Untrusted HTML (article bodies, summaries). */
  readonly html: string;
  readonly className?: string;
}

/** Renders untrusted rich text after sanitising it to the spec 000 §5 allowlist. */
export function SanitizedHtml({ html, className }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // The only dangerouslySetInnerHTML in IST: its input has just been through DOMPurify.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
