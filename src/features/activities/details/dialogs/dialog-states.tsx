import type { ReactNode } from 'react';
import { Button } from '@/ui/button';
import { ErrorState } from '@/ui/error-state';
import { LoadingState } from '@/ui/loading-state';
import type { Loaded } from './use-engine-load';

/** A dialog body for loaded data: the loading skeleton, the error with Retry, or `children`. */
export function LoadedBody<T>({
  loaded,
  what,
  onRetry,
  children,
}: {
  readonly loaded: Loaded<T>;
  /** 'the version history': completes 'Loading …' and '… could not be loaded'. */
  readonly what: string;
  readonly onRetry: () => void;
  readonly children: (value: T) => ReactNode;
}) {
  if (loaded.status === 'loading') return <LoadingState label={`Loading ${what}`} rows={4} />;
  if (loaded.status === 'error') {
    return (
      <ErrorState title={`${capitalise(what)} could not be loaded`} message={loaded.message}>
        <Button onClick={onRetry}>Retry</Button>
      </ErrorState>
    );
  }
  return <>{children(loaded.value)}</>;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Lists and emphasis inside sanitised rich text (Tailwind's preflight resets them). */
export const richTextClass =
  '[&_ol]:ml-5 [&_ol]:list-decimal [&_ul]:ml-5 [&_ul]:list-disc [&_p]:my-0.5 [&_strong]:font-bold';
