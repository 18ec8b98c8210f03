import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isBrowserHandledClick, navigate } from '@/app/router';

/** Props of {@link Link}: an anchor whose `href` is an in-app path. */
export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  readonly href: string;
}

/**
 * An in-app link: a real `<a href>` (so middle-click and "open in new tab" work) whose plain
 * left click navigates through the router without a reload.
 */
export function Link({ href, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (isBrowserHandledClick(event) || (target !== undefined && target !== '_self')) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} target={target} onClick={handleClick} {...rest} />;
}
