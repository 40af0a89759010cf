/**
 * The calls of a record the editors keep in a list and change one at a time, each change carrying the
 * version it was read at (coupons, subscriptions, vouchers, categories, upsells, additions, customer
 * fields, FAQ questions): GET <path> the list, POST <path> a new one, PUT <path>/<id> { version, <name> },
 * DELETE <path>/<id>?version=…. A resource file makes its own and exports its query options and hooks.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export interface VersionedRecord {
  id: number;
  version: string | number;
}

export function versionedRecords<View extends VersionedRecord, Input>({ key, path, name }: { key: QueryKey; path: string; name: string }) {
  return {
    key,
    listQuery: () => queryOptions({ queryKey: key, queryFn: () => backofficeApi.get<View[]>(path) }),
    /** Saves `current` as the form has it, or adds a new record when there is none. */
    useSave: (current: View | null, options?: MutationOptions<View, Input>) =>
      useInvalidatingMutation(
        (record: Input) =>
          current ? backofficeApi.put<View>(`${path}/${current.id}`, { version: current.version, [name]: record }) : backofficeApi.post<View>(path, record),
        [key],
        options,
      ),
    useRemove: (current: View | null, options?: MutationOptions<unknown, void>) =>
      useInvalidatingMutation(() => backofficeApi.delete(`${path}/${current?.id}?version=${encodeURIComponent(current?.version ?? '')}`), [key], options),
  };
}
