import { iconBase } from '@/ui/icon-base';

/** A closed envelope: unread. */
export function EnvelopeClosedIcon() {
  return (
    <svg {...iconBase}>
      <rect x="2" y="3.5" width="12" height="9" rx="1" fill="currentColor" fillOpacity="0.12" />
      <path d="M2.5 4.5 8 9l5.5-4.5" />
    </svg>
  );
}

/** An open envelope: read. */
export function EnvelopeOpenIcon() {
  return (
    <svg {...iconBase}>
      <path d="M2 7v5.5a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V7L8 2.5 2 7Z" />
      <path d="M2.5 7.5 8 11l5.5-3.5" />
    </svg>
  );
}

/** The expand triangle (rotated when expanded). */
export function TriangleIcon({ expanded }: { readonly expanded: boolean }) {
  return (
    <svg
      {...iconBase}
      width={12}
      height={12}
      className={`transition-transform ${expanded ? 'rotate-90' : ''}`}
    >
      <path d="M5.5 3.5 10.5 8l-5 4.5Z" fill="currentColor" stroke="none" />
    </svg>
  );
}

/** An info circle (summary tooltip). */
export function InfoIcon() {
  return (
    <svg {...iconBase} width={14} height={14}>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 7.2v3.8M8 5v.01" />
    </svg>
  );
}

/** A tag (context tags). */
export function TagIcon() {
  return (
    <svg {...iconBase} width={14} height={14}>
      <path d="M2.5 2.5h5l6 6-5 5-6-6v-5Z" />
      <circle cx="5.5" cy="5.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

/** A pathogen (linked to a disease activity). */
export function PathogenIcon() {
  return (
    <svg {...iconBase} width={14} height={14}>
      <circle cx="8" cy="8" r="3.2" />
      <path d="M8 1.5v2.3M8 12.2v2.3M1.5 8h2.3M12.2 8h2.3M3.4 3.4l1.6 1.6M11 11l1.6 1.6M3.4 12.6 5 11M11 5l1.6-1.6" />
    </svg>
  );
}

/** Sort direction arrow. */
export function SortIcon({ direction }: { readonly direction: 'asc' | 'desc' | null }) {
  return (
    <svg {...iconBase} width={10} height={10} className={direction === null ? 'opacity-0' : ''}>
      {direction === 'asc' ? <path d="M3 10 8 5l5 5" /> : <path d="M3 6l5 5 5-5" />}
    </svg>
  );
}

/** A chain link (the Associate toggle of suggested mode). */
export function LinkIcon() {
  return (
    <svg {...iconBase}>
      <path d="M6.8 9.2a2.6 2.6 0 0 0 3.7 0l2.3-2.3a2.6 2.6 0 0 0-3.7-3.7l-.9.9" />
      <path d="M9.2 6.8a2.6 2.6 0 0 0-3.7 0L3.2 9.1a2.6 2.6 0 0 0 3.7 3.7l.9-.9" />
    </svg>
  );
}
