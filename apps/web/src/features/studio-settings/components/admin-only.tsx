import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { accountQueryOptions } from '../../../lib/account';
import { useSession } from '../../../lib/session';

/** An admin-only studio screen: staff members are sent to /studio (the API would answer them 403). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  // The studio layout has loaded the account before any of its screens shows.
  const account = useQuery({ ...accountQueryOptions(session?.userId ?? ''), enabled: session !== null });
  if (!account.data) return null;
  if (account.data.role !== 'admin') return <Navigate to={paths.studio} replace />;
  return children;
}
