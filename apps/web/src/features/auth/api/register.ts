import { useMutation } from '@tanstack/react-query';
import { successResponse, type RegisterRequest } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/** POST /register-galleryuser {firstName, lastName, email, password}; mails an activation link. */
export async function register(values: RegisterRequest) {
  return successResponse.parse(await api.post<unknown>('/register-galleryuser', values));
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
