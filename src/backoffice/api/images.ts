/** An image for the catalogue or the organisation (POST /catalogue/images): the stored file's address. */
import { useMutation } from '@tanstack/react-query';
import { backofficeApi } from './client.ts';
import type { MutationOptions } from './invalidating-mutation.ts';

export const uploadImage = (file: Blob) => backofficeApi.upload<{ url: string }>('/catalogue/images', file);

export const useUploadImage = (options?: MutationOptions<{ url: string }, File>) => useMutation({ ...options, mutationFn: uploadImage });
