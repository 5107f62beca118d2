import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess } from 'ra-core';
import Link, { type LinkProps } from '@mui/material/Link';

/**
 * A link to another screen for who may open it; the same words, not a link, for anyone else (a
 * link is never shown to someone it would only lead to "no permission").
 */
export const LinkIfAllowed = ({
  resource,
  action = 'show',
  to,
  children,
  ...props
}: {
  resource: string;
  action?: string;
  to: string;
  children: ReactNode;
} & Omit<LinkProps, 'href' | 'component'>) => {
  const { canAccess } = useCanAccess({ resource, action });
  if (!canAccess) return <span>{children}</span>;
  return (
    <Link component={RouterLink} to={to} {...props}>
      {children}
    </Link>
  );
};
