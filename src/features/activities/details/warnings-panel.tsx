import { MessageLevel } from '@/domain/enums';
import { messages } from '@/domain/messages';
import { caseFigures } from '@/domain/entries/case-figures';
import { formatCount, formatDay } from '../index/activity-labels';
import { Button } from '@/ui/button';
import { Kbd } from '@/ui/kbd';
import {
  cardHasError,
  cardMessages,
  confirmAllWarnings,
  shownCardMessages,
  toggleConfirmed,
  useDetails,
  validationOutcome,
} from './details-store';

/** How a message level is labelled and coloured (the warnings and pre-check panels). */
export const levelStyle: Readonly<Record<MessageLevel, { label: string; className: string }>> = {
  [MessageLevel.ERROR]: { label: 'Error', className: 'border-red-300 bg-red-50 text-red-800' },
  [MessageLevel.WARNINGHIGH]: {
    label: 'High-impact warning',
    className: 'border-orange-300 bg-orange-50 text-orange-900',
  },
  [MessageLevel.WARNINGLOW]: {
    label: 'Low-impact warning',
    className: 'border-amber-200 bg-amber-50 text-amber-900',
  },
};

/** The card level: its worst message. */
export function cardLevel(list: readonly string[]): MessageLevel {
  const levels = cardMessages(list).map((m) => m.level);
  if (levels.includes(MessageLevel.ERROR)) return MessageLevel.ERROR;
  return levels.includes(MessageLevel.WARNINGHIGH)
    ? MessageLevel.WARNINGHIGH
    : MessageLevel.WARNINGLOW;
}

/**
 * The warnings panel after a validate (spec 001 §8): counts, one card per location (errors
 * hide its warnings; 'Confirmed' only without errors), the confirm-all line, the success
 * message and the Daily Totals a commit would write.
 */
export function WarningsPanel() {
  const { validation } = useDetails();
  if (validation === null) return null;
  const { answer, confirmed } = validation;
  const outcome = validationOutcome(validation);
  const cards = answer.locations.filter((l) => l.messages.length > 0);
  const all = cardMessages(answer.messages);
  const count = (level: MessageLevel) => all.filter((m) => m.level === level).length;
  // Spec 000 §2 / 001 §8: each warning set offers a confirm-all action (Alt+W does the same).
  const toConfirm = cards.filter(
    (card) => !cardHasError(card.messages) && !confirmed.includes(card.locationId),
  ).length;
  return (
    <section
      aria-label="Validation"
      data-testid="warnings-panel"
      className="mb-3 rounded border border-slate-200 bg-white p-3"
    >
      {cards.length > 0 && (
        <p className="mb-2 text-xs text-slate-600">
          {count(MessageLevel.ERROR)} error(s), {count(MessageLevel.WARNINGHIGH)} high-impact and{' '}
          {count(MessageLevel.WARNINGLOW)} low-impact warning(s) in {cards.length} location(s)
        </p>
      )}
      <div className="flex flex-col gap-2">
        {cards.map((card) => {
          const level = cardLevel(card.messages);
          const style = levelStyle[level];
          const hasError = cardHasError(card.messages);
          const shown = shownCardMessages(card.messages);
          return (
            <article
              key={card.locationId}
              data-testid="warning-card"
              data-level={level}
              className={`rounded border px-3 py-2 text-sm ${style.className}`}
            >
              <header className="mb-1 flex items-center gap-2">
                <span className="text-[11px] font-semibold uppercase tracking-wide">
                  {style.label}
                </span>
                <span className="font-medium">{card.locationName}</span>
                {!hasError && (
                  <label className="ml-auto flex items-center gap-1 text-xs">
                    <input
                      type="checkbox"
                      checked={confirmed.includes(card.locationId)}
                      onChange={() => toggleConfirmed(card.locationId)}
                    />
                    Confirmed
                  </label>
                )}
              </header>
              <ul className="list-disc pl-5">
                {shown.map((m, i) => (
                  <li key={i}>{m.message}</li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
      {(outcome === 'unconfirmed' || toConfirm > 0) && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {outcome === 'unconfirmed' && (
            <p role="alert" className="text-sm font-medium text-amber-900">
              {messages.confirmAllWarnings}
            </p>
          )}
          {toConfirm > 0 && (
            <Button onClick={confirmAllWarnings} aria-keyshortcuts="Alt+W">
              Confirm all warnings
              <span className="flex items-center gap-0.5 text-xs text-slate-500">
                <Kbd>Alt</Kbd>
                <Kbd>W</Kbd>
              </span>
            </Button>
          )}
        </div>
      )}
      {outcome === 'succeeded' && answer.result !== null && (
        <div className="mt-2">
          <p role="status" className="text-sm font-medium text-emerald-800">
            {answer.result}
          </p>
          {answer.processedReports.length > 0 && (
            <table className="mt-1 w-full border-collapse text-xs" data-testid="processed-preview">
              <thead>
                <tr className="text-left text-slate-500">
                  <th className="px-1.5 py-0.5">Location</th>
                  <th className="px-1.5 py-0.5">Reported Date</th>
                  {caseFigures.map((f) => (
                    <th key={f} className="px-1.5 py-0.5 text-right">
                      {f === 'reportedCases'
                        ? 'Reported'
                        : f === 'suspectedCases'
                          ? 'Suspected'
                          : f === 'confirmedCases'
                            ? 'Confirmed'
                            : 'Deaths'}{' '}
                      (new / cumulative)
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.processedReports.map((p) => (
                  <tr key={`${p.locationId}-${p.reportedOn}`} className="bg-emerald-50">
                    <td className="px-1.5 py-0.5">{p.locationName}</td>
                    <td className="px-1.5 py-0.5 font-mono">{formatDay(p.reportedOn)}</td>
                    {caseFigures.map((f) => (
                      <td key={f} className="px-1.5 py-0.5 text-right font-mono tabular-nums">
                        {formatCount(p[f].newCases)} / {formatCount(p[f].cumulative)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
