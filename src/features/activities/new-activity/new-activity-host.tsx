import { Link } from '@/app/link';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import { Modal } from '@/ui/modal';
import { NewActivityFields } from './new-activity-form';
import {
  clearCreatedNotice,
  clearNewActivity,
  closeNewActivity,
  submitNewActivity,
  useNewActivity,
} from './new-activity-store';

function submit(): void {
  void submitNewActivity();
}

/** The 'Create New Disease Activity' modal, and the notice when the new window was blocked. */
export function NewActivityHost() {
  const { open, busy, createdPath } = useNewActivity();
  return (
    <>
      <Modal
        open={open}
        title="Create New Disease Activity"
        onClear={clearNewActivity}
        onCancel={closeNewActivity}
        onSubmit={submit}
        labels={{ submit: 'Create' }}
        busy={busy}
      >
        <LookupsBoundary>{(lookups) => <NewActivityFields lookups={lookups} />}</LookupsBoundary>
      </Modal>
      <Modal
        open={createdPath !== null}
        title="Disease activity created"
        onSubmit={clearCreatedNotice}
        labels={{ submit: 'OK' }}
      >
        <p>
          The browser did not open a new window.{' '}
          <Link
            href={createdPath ?? '/activity'}
            onClick={clearCreatedNotice}
            className="font-medium text-accent-700 underline"
          >
            Open the new activity
          </Link>
          .
        </p>
      </Modal>
    </>
  );
}
