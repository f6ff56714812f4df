import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type updateUserDetailsResponse, type UpdateUserDetailsRequest } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

/** PUT /users/UpdateUserDetailsWithImage; the photo travels as base64 without the data: prefix. */
export async function updateUser(values: UpdateUserDetailsRequest) {
  return api.put<Answer<typeof updateUserDetailsResponse>>('/users/UpdateUserDetailsWithImage', values);
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (result) => {
      queryClient.setQueryData(userQueryKey(userId), result.user);
      void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    },
  });
}
