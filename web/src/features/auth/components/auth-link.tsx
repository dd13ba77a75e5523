import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AppPath } from '@/config/paths';

/** A link between auth screens, styled like Amplify's links. */
export function AuthLink({ to, children }: { to: AppPath; children: ReactNode }) {
  return (
    <Link className="amplify-link" to={to}>
      {children}
    </Link>
  );
}
