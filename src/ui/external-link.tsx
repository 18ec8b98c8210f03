import type { ReactNode } from 'react';
import { externalHref } from '@/domain/external-link';

/**
 * The one link to external content (issue 16): opens in a new tab that cannot reach back into
 * IST; an address that is not http, https or mailto is shown as text, never as a link.
 */
export function ExternalLink({
  href,
  className,
  children,
}: {
  readonly href: string;
  readonly className?: string;
  readonly children?: ReactNode;
}) {
  const safe = externalHref(href);
  const text = children ?? href;
  if (safe === undefined) return <span className={className}>{text}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={className}>
      {text}
    </a>
  );
}

/** Opens external content in a new tab, if it may be a link at all (see {@link ExternalLink}). */
export function openExternal(address: string): void {
  const safe = externalHref(address);
  if (safe !== undefined) window.open(safe, '_blank', 'noopener,noreferrer');
}
