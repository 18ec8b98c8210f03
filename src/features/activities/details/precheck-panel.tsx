import { cardMessages, shownCardMessages, useDetails } from './details-store';
import { cardLevel, levelStyle } from './warnings-panel';

/**
 * The pre-check (issue 6): the entries rules run in the worker as the analyst types, shown
 * apart from the warnings panel and said to be a pre-check: Validate asks the server, which
 * also knows what the browser does not (the linked articles' diseases) and decides. Hidden
 * once a validate answered, until the next change.
 */
export function PrecheckPanel() {
  const { precheck, validation, dirty, detail, addedLocations } = useDetails();
  if (precheck === null || validation !== null || !dirty) return null;
  // The worker names places of the detail it read; one added by Search/Add since is named here.
  const names = new Map(
    [...(detail?.locations ?? []), ...addedLocations].map((l) => [l.id, l.displayName]),
  );
  const cards = precheck.locations.filter((l) => l.messages.length > 0);
  const carded = new Set(cards.flatMap((c) => c.messages));
  const general = cardMessages(precheck.messages.filter((m) => !carded.has(m)));
  return (
    <section
      aria-label="Pre-check"
      data-testid="precheck-panel"
      className="mb-3 rounded border border-dashed border-slate-300 bg-slate-50 p-3 text-sm"
    >
      <p className="mb-1 text-xs text-slate-600">
        <span className="font-semibold uppercase tracking-wide">Pre-check</span> in this browser as
        you type. Validate asks the server, which decides.
      </p>
      {cards.length === 0 && general.length === 0 ? (
        <p data-testid="precheck-clear" className="text-slate-700">
          No errors or warnings found so far.
        </p>
      ) : (
        <div className="flex flex-col gap-1">
          {cards.map((card) => {
            const level = cardLevel(card.messages);
            return (
              <div
                key={card.locationId}
                data-testid="precheck-card"
                data-level={level}
                className={`rounded border px-2 py-1 ${levelStyle[level].className}`}
              >
                <span className="font-medium">
                  {names.get(card.locationId) ?? card.locationName}
                </span>
                <ul className="list-disc pl-5">
                  {shownCardMessages(card.messages).map((m, i) => (
                    <li key={i}>{m.message}</li>
                  ))}
                </ul>
              </div>
            );
          })}
          {general.length > 0 && (
            <ul className="list-disc pl-5" data-testid="precheck-general">
              {general.map((m, i) => (
                <li key={i}>{m.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
