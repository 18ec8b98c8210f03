import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Command as Cmdk } from 'cmdk';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { commandUiStore, setGoToActivityOpen } from '@/app/commands/command-ui-store';
import { getEngine } from '@/app/engine';
import { activityTitle, type DiseaseActivityListItem } from '@/domain/disease-activities';
import { messages } from '@/domain/messages';
import { useOverlayRegistration } from '@/ui/overlay-store';
import { UpdateStatusCell } from './index/update-status-cell';
import { openActivity } from './index/activity-index-store';

const resultLimit = 12;

/**
 * 'Go to activity…' (palette command, `g d`): fuzzy-finds any activity by partial or misspelt
 * names in the worker (fuse.js over the name vocabulary) and opens it.
 */
export default function GoToActivityDialog() {
  const { goToActivityOpen } = useSnapshot(commandUiStore);
  useOverlayRegistration(goToActivityOpen);
  const [text, setText] = useState('');
  const [found, setFound] = useState<readonly DiseaseActivityListItem[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  // The answer for the text typed is on its way: keys held by the key handler wait for it.
  const [answered, setAnswered] = useState<string | null>(null);
  // The highlighted row, set to the first of each answer: cmdk picks its first item when the
  // text changes, before this answer's rows exist, and Enter then chose nothing.
  const [highlighted, setHighlighted] = useState('');

  useEffect(() => {
    if (!goToActivityOpen) return;
    let live = true;
    const timer = setTimeout(() => {
      getEngine()
        .findActivities(text, resultLimit)
        .then((rows) => {
          if (!live) return;
          setFound(rows);
          setHighlighted(rows[0] === undefined ? '' : String(rows[0].diseaseActivityId));
          setFailed(null);
          setAnswered(text);
        })
        .catch((error: unknown) => {
          if (!live) return;
          setFailed(error instanceof Error ? error.message : String(error));
          setAnswered(text);
        });
    }, 60);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, goToActivityOpen]);

  const close = () => {
    setGoToActivityOpen(false);
    setText('');
    setAnswered(null);
  };
  const go = (row: DiseaseActivityListItem) => {
    close();
    openActivity(row);
  };

  return (
    <Dialog open={goToActivityOpen} onClose={close} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex items-start justify-center px-4 pt-[14vh]">
        <DialogPanel className="w-full max-w-xl overflow-hidden rounded-md border border-slate-200 bg-white shadow-xl">
          <DialogTitle className="sr-only">Go to activity</DialogTitle>
          <Cmdk
            label="Go to activity"
            shouldFilter={false}
            loop
            value={highlighted}
            onValueChange={setHighlighted}
            className="text-sm"
          >
            <Cmdk.Input
              autoFocus
              value={text}
              onValueChange={setText}
              placeholder="Go to activity: type a disease, country or species…"
              className="h-11 w-full border-b border-slate-200 px-4 text-sm text-slate-900 outline-none placeholder:text-slate-400"
            />
            <Cmdk.List aria-busy={answered !== text} className="max-h-96 overflow-y-auto p-1">
              {failed !== null && <p className="px-3 py-4 text-red-700">{failed}</p>}
              {text.trim() !== '' && failed === null && (
                <Cmdk.Empty className="px-3 py-6 text-center text-slate-500">
                  {messages.noResultsFound}
                </Cmdk.Empty>
              )}
              {found.map((row) => (
                <Cmdk.Item
                  key={row.diseaseActivityId}
                  value={String(row.diseaseActivityId)}
                  onSelect={() => go(row)}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-slate-800 data-[selected=true]:bg-accent-50 data-[selected=true]:text-accent-900"
                >
                  <span className="truncate">{activityTitle(row)}</span>
                  <UpdateStatusCell row={row} />
                </Cmdk.Item>
              ))}
            </Cmdk.List>
          </Cmdk>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
