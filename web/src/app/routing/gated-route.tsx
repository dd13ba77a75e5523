import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Gate } from '../access/access-gates';
import { useGateJudge } from '../access/use-access';
import { PageLoader } from '../page-loader';

/** A gated screen: shown when its gate allows, a spinner while the profile loads, else /dashboard. */
export function GatedRoute({ gate, children }: { gate: Gate; children: ReactElement }) {
  const verdict = useGateJudge()(gate);
  if (verdict === 'pending') return <PageLoader />;
  if (verdict === 'denied') return <Navigate to={paths.dashboard} replace />;
  return children;
}
