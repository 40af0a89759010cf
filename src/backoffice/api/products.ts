/** The catalogue's products: the list every picker and the products page read, one product as its editor has it, and saving it. */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productEditorSchema, productEditorViewSchema } from '#domain/backoffice/catalogue-editor.ts';
import type { Translations } from '#domain/languages.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export interface ProductRow {
  id: number;
  slug: string;
  state: string;
  visible: boolean;
  price_type: string;
  price: number;
  texts: Translations<{ title: string }>;
}
export type ProductView = z.infer<typeof productEditorViewSchema>;
type ProductValues = z.output<typeof productEditorSchema>;

export const productKeys = {
  all: ['backoffice', 'products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  product: (id: number | null) => [...productKeys.all, 'product', id] as const,
};

export const productsQuery = () => queryOptions({ queryKey: productKeys.list(), queryFn: () => backofficeApi.get<ProductRow[]>('/catalogue/products') });

export const productQuery = (id: number | null) =>
  queryOptions({ queryKey: productKeys.product(id), enabled: id !== null, queryFn: () => backofficeApi.get<ProductView>(`/catalogue/products/${id}`) });

/** Adds a product (`id` null) or saves one as read at `version`; the saved one answers its own query at once. */
export function useSaveProduct(id: number | null, version: number | null, options: MutationOptions<ProductView, ProductValues> = {}) {
  const client = useQueryClient();
  return useInvalidatingMutation(
    (product: ProductValues) =>
      id === null
        ? backofficeApi.post<ProductView>('/catalogue/products', product)
        : backofficeApi.put<ProductView>(`/catalogue/products/${id}`, { version, product }),
    [productKeys.list()],
    {
      ...options,
      onSuccess: (saved, ...rest) => {
        client.setQueryData(productKeys.product(saved.id), saved);
        return options.onSuccess?.(saved, ...rest);
      },
    },
  );
}
