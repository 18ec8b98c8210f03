import { Kbd } from '@/ui/kbd';
import { hotkeySteps, isMacPlatform } from '@/app/commands/hotkey-label';

/** A hotkey as key caps: 'G then A', 'Ctrl K'. */
export function HotkeyKeys({ hotkey }: { readonly hotkey: string }) {
  const steps = hotkeySteps(hotkey, isMacPlatform());
  return (
    <span className="inline-flex items-center gap-1 text-[11px] text-slate-500">
      {steps.map((keys, step) => (
        <span key={step} className="inline-flex items-center gap-1">
          {step > 0 && <span>then</span>}
          {keys.map((key) => (
            <Kbd key={key}>{key}</Kbd>
          ))}
        </span>
      ))}
    </span>
  );
}
