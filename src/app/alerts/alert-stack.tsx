import { dismissAlert, useAlerts } from '@/app/alerts/alerts-store';

/**
 * The non-blocking alert stack (top right) of spec 000 §8's 'IST Error: …' texts. Each alert
 * stays until dismissed: analysts read them, nothing times out behind their back.
 */
export function AlertStack() {
  const alerts = useAlerts();
  if (alerts.length === 0) return null;
  return (
    <div className="pointer-events-none fixed top-14 right-4 z-40 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role="alert"
          className="pointer-events-auto flex items-start gap-3 rounded-md border border-red-200 bg-white px-3 py-2 text-sm text-slate-800 shadow-md"
        >
          <span aria-hidden="true" className="mt-1 size-2 shrink-0 rounded-full bg-red-600" />
          <p className="min-w-0 flex-1 break-words">{alert.text}</p>
          <button
            type="button"
            className="-mr-1 rounded px-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Dismiss alert"
            onClick={() => dismissAlert(alert.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
