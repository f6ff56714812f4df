import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { clearStoredState } from '../../../lib/session';

/** Logout: clears the stored session (everything but the theme) and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearStoredState();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'branding' && q.queryKey[0] !== 'slides' });
    void navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
