import { useMutation } from '@tanstack/react-query';
import { type successResponse, type RegisterRequest } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** POST /register-galleryuser {firstName, lastName, email, password}; mails an activation link. */
export async function register(values: RegisterRequest) {
  return api.post<Answer<typeof successResponse>>('/register-galleryuser', values);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
