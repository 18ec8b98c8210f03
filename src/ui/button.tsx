import type { ButtonHTMLAttributes } from 'react';

/** Visual weight of a {@link Button}. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Readonly<Record<ButtonVariant, string>> = {
  primary: 'bg-accent-700 text-white hover:bg-accent-800 disabled:bg-accent-700/50',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:text-red-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
};

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
}

/** The one button style: compact, with a visible focus ring (from index.css). */
export function Button({
  variant = 'secondary',
  className = '',
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...rest}
    />
  );
}
