import { proxy, useSnapshot } from 'valtio';

/** One alert of the stack ('IST Error: …'). */
export interface Alert {
  readonly id: number;
  readonly text: string;
}

const maxAlerts = 5;
let nextId = 1;

/** Alert stack store (valtio): the newest last; at most five are kept. */
export const alertsStore = proxy<{ alerts: Alert[] }>({ alerts: [] });

/** Shows an alert; an identical alert already shown is not repeated. */
export function pushAlert(text: string): void {
  if (alertsStore.alerts.some((alert) => alert.text === text)) return;
  alertsStore.alerts.push({ id: nextId++, text });
  if (alertsStore.alerts.length > maxAlerts) alertsStore.alerts.shift();
}

/** Removes an alert. */
export function dismissAlert(id: number): void {
  alertsStore.alerts = alertsStore.alerts.filter((alert) => alert.id !== id);
}

/** React hook: the alerts shown. */
export function useAlerts(): readonly Alert[] {
  return useSnapshot(alertsStore).alerts;
}
