import { useQuery } from '@tanstack/react-query';
import { accountQueryOptions } from '../../../lib/account';
import { useSession } from '../../../lib/session';

/** The signed-in studio user's role (the studio layout loaded the account already); null while unknown. */
export function useStudioRole(): 'staff' | 'admin' | null {
  const session = useSession();
  const account = useQuery({ ...accountQueryOptions(session?.userId ?? ''), enabled: session !== null });
  const role = account.data?.role;
  return role === 'admin' || role === 'staff' ? role : null;
}
