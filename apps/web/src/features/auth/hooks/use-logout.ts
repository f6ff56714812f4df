import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { clearStoredState, getToken } from '../../../lib/session';
import { endServerSession } from '../api/logout';

/**
 * Logout: ends the session on the server (when there is one), clears the stored session (everything
 * but the theme) and goes to /login. `serverSessionEnded` skips the call when it already happened
 * ("Sign out of all devices").
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback((options: { serverSessionEnded?: boolean } = {}) => {
    // The page's requests stop before the session goes: one still under way would come back 401
    // (its token ended) and be logged. The queries' data goes once the page has left: removed while
    // the page is still mounted, its queries would be fetched again, without a token (401 too).
    void queryClient.cancelQueries();
    if (getToken() && !options.serverSessionEnded) void endServerSession();
    clearStoredState();
    const forget = () => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'branding' && q.queryKey[0] !== 'slides' });
    void Promise.resolve(navigate(paths.login, { replace: true })).then(forget, forget);
  }, [navigate, queryClient]);
}
