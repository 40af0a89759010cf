/**
 * The mutation hooks of the back office's API layer: the request, then the answers it changes invalidated
 * (and waited for, so the mutation stays pending until the lists are fresh), then the caller's own
 * `onSuccess`. As Medusa's dashboard hooks do, a hook takes the caller's options (notices, navigation).
 */
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

export type MutationOptions<Data, Variables> = Omit<UseMutationOptions<Data, Error, Variables>, 'mutationFn'>;

export function useInvalidatingMutation<Data, Variables>(
  mutationFn: (variables: Variables) => Promise<Data>,
  invalidates: readonly QueryKey[],
  options: MutationOptions<Data, Variables> = {},
) {
  const client = useQueryClient();
  return useMutation<Data, Error, Variables>({
    ...options,
    mutationFn,
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
      await options.onSuccess?.(...args);
    },
  });
}
