import { messages } from '@/domain/messages';
import { iconBase } from '@/ui/icon-base';

/** Props of {@link EditDescriptionButton}. */
export interface EditDescriptionButtonProps {
  /** The entries form has unsaved changes. */
  readonly dirty: boolean;
  /** Validation has succeeded and the entries wait to be committed. */
  readonly validationSucceeded: boolean;
  readonly onEdit: () => void;
  /** Which update it edits ('Situational Update at Ghana on 2026/11/20'): each button's own name. */
  readonly subject: string;
}

/** Spec 001 §2: editing a description waits until the entries form is saved or committed. */
export const isDescriptionEditBlocked = (dirty: boolean, validationSucceeded: boolean) =>
  dirty || validationSucceeded;

/**
 * The edit-description icon of a committed situational update. While blocked it stays
 * focusable (aria-disabled) so its hint — 'Please save or commit your work before editing
 * description' — is read on focus and shown on hover.
 */
export function EditDescriptionButton({
  dirty,
  validationSucceeded,
  onEdit,
  subject,
}: EditDescriptionButtonProps) {
  const blocked = isDescriptionEditBlocked(dirty, validationSucceeded);
  const hint = blocked ? messages.editDescriptionBlocked : 'Edit description';
  return (
    <button
      type="button"
      aria-label={`Edit description of ${subject}`}
      aria-disabled={blocked}
      aria-description={blocked ? messages.editDescriptionBlocked : undefined}
      title={hint}
      onClick={() => {
        if (!blocked) onEdit();
      }}
      className={`inline-flex h-6 w-6 items-center justify-center rounded ${
        blocked ? 'cursor-not-allowed text-slate-300' : 'text-slate-600 hover:bg-slate-100'
      }`}
    >
      <svg {...iconBase}>
        <path d="M10.5 2.5l3 3L6 13H3v-3z" />
        <path d="M9 4l3 3" />
      </svg>
    </button>
  );
}
