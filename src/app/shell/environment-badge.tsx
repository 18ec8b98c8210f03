/** The environment name in upper case (spec 000 §1); production is quiet, the rest stand out. */
export function EnvironmentBadge({ environment }: { readonly environment: string }) {
  const name = environment.toUpperCase();
  const production = name === 'PROD' || name === 'PRODUCTION';
  return (
    <span
      title="Environment"
      className={`rounded px-1.5 py-0.5 text-[11px] font-semibold tracking-wide ${
        production
          ? 'bg-slate-100 text-slate-700'
          : 'bg-amber-100 text-amber-900 ring-1 ring-amber-300 ring-inset'
      }`}
    >
      {name}
    </span>
  );
}
