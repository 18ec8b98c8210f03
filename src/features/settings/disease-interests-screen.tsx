import { useEffect, useId, useState } from 'react';
import { getEngine } from '@/app/engine';
import { LookupsBoundary } from '@/app/lookups/lookups-boundary';
import type { DiseaseInterests } from '@/domain/disease-interests';
import type { Lookups } from '@/domain/lookups';
import { Button } from '@/ui/button';
import { ErrorState } from '@/ui/error-state';
import { LoadingState } from '@/ui/loading-state';
import { ScreenHeader } from '@/ui/screen-header';

type Loaded =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly saved: DiseaseInterests };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Settings: the analyst's disease interests (issue 15; spec 001 §1, §5: Important situational
 * updates are mailed to the users interested in the activity's disease, Critical ones to all).
 * The analyst ticks diseases (a filter narrows the list), saves, and reads which mails they get.
 */
export default function DiseaseInterestsScreen() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const load = () => {
    setLoaded({ status: 'loading' });
    getEngine()
      .getDiseaseInterests()
      .then(
        (saved) => setLoaded({ status: 'ready', saved }),
        (error: unknown) => setLoaded({ status: 'error', message: messageOf(error) }),
      );
  };
  useEffect(load, []);
  return (
    // The shell's <main> is the landmark: a second one nested in it confused screen readers.
    <div className="mx-auto max-w-4xl p-4">
      <ScreenHeader
        title="Notification settings"
        subtitle="The diseases you follow decide which situational-update mails you get."
      />
      {loaded.status === 'loading' && <LoadingState label="Loading your disease interests" />}
      {loaded.status === 'error' && (
        <ErrorState title="Your disease interests could not be loaded." message={loaded.message}>
          <Button onClick={load}>Try again</Button>
        </ErrorState>
      )}
      {loaded.status === 'ready' && (
        <LookupsBoundary>
          {(lookups) => (
            <InterestsForm
              saved={loaded.saved}
              lookups={lookups}
              onSaved={(saved) => setLoaded({ status: 'ready', saved })}
            />
          )}
        </LookupsBoundary>
      )}
    </div>
  );
}

function InterestsForm({
  saved,
  lookups,
  onSaved,
}: {
  readonly saved: DiseaseInterests;
  readonly lookups: Lookups;
  readonly onSaved: (saved: DiseaseInterests) => void;
}) {
  const filterId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set(saved.diseaseIds));
  const [filter, setFilter] = useState('');
  const [state, setState] = useState<{ busy: boolean; note: string }>({ busy: false, note: '' });
  const names = new Map(lookups.diseases.map((d) => [d.diseaseId, d.displayName]));
  const needle = filter.trim().toLowerCase();
  const shown = lookups.diseases.filter(
    (d) => needle === '' || d.displayName.toLowerCase().includes(needle),
  );
  const dirty =
    chosen.size !== saved.diseaseIds.length || saved.diseaseIds.some((id) => !chosen.has(id));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    setState({ busy: false, note: '' });
  };
  const save = async () => {
    setState({ busy: true, note: '' });
    try {
      const stored = await getEngine().saveDiseaseInterests([...chosen]);
      onSaved(stored);
      setChosen(new Set(stored.diseaseIds));
      setState({ busy: false, note: 'Disease interests saved.' });
    } catch {
      // The engine has shown 'IST Error: …' and logged it; what was ticked stays.
      setState({ busy: false, note: '' });
    }
  };
  const followed = saved.diseaseIds
    .map((id) => names.get(id) ?? `Disease ${id}`)
    .sort((a, b) => a.localeCompare(b));
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-[3fr_2fr]">
      <form
        aria-label="Disease interests"
        className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor={filterId} className="text-xs font-semibold text-slate-600 uppercase">
          Find a disease
        </label>
        <input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Type to narrow the list"
          className="h-8 rounded border border-slate-300 px-2 text-sm"
        />
        <fieldset className="max-h-[50vh] overflow-y-auto rounded border border-slate-100 p-2">
          <legend className="px-1 text-xs text-slate-500">
            {chosen.size} of {lookups.diseases.length} followed
          </legend>
          {shown.length === 0 ? (
            <p className="text-sm text-slate-500">No disease matches ‘{filter}’.</p>
          ) : (
            shown.map((d) => (
              <label key={d.diseaseId} className="flex items-center gap-2 py-0.5 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.has(d.diseaseId)}
                  onChange={() => toggle(d.diseaseId)}
                />
                {d.displayName}
              </label>
            ))
          )}
        </fieldset>
        <div className="flex items-center gap-3">
          <Button type="submit" variant="primary" disabled={!dirty || state.busy}>
            {state.busy ? 'Saving…' : 'Save interests'}
          </Button>
          {dirty && <span className="text-xs text-amber-800">Unsaved changes</span>}
          {state.note !== '' && (
            <span role="status" className="text-sm text-emerald-800">
              {state.note}
            </span>
          )}
        </div>
      </form>
      <section
        aria-label="Mails you will get"
        className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-3 text-sm"
        data-testid="mails-you-get"
      >
        <h2 className="font-semibold text-slate-900">Mails you will get</h2>
        {saved.email === null ? (
          <p className="text-red-800">
            Your account has no e-mail address: no mail reaches you until one is set.
          </p>
        ) : (
          <p>
            Sent to <span className="font-medium">{saved.email}</span>.
          </p>
        )}
        <p>
          <span className="font-medium">Critical</span> situational updates: every disease (all
          users get them).
        </p>
        <p>
          <span className="font-medium">Important</span> situational updates:{' '}
          {followed.length === 0 ? 'none — you follow no disease.' : `${followed.join(', ')}.`}
        </p>
        <p className="text-slate-500">Standard updates send no mail.</p>
      </section>
    </div>
  );
}
