/** The catalogue's categories (a tree by parent): the list, and adding or saving one as read at its version. */
import type { z } from 'zod';
import type { categoryEditorSchema } from '#domain/backoffice/catalogue-editor.ts';
import type { CatalogueState } from '#domain/catalogue-state.ts';
import type { Translations } from '#domain/languages.ts';
import { versionedRecords } from './versioned-records.ts';

export interface CategoryRow {
  id: number;
  version: number;
  slug: string;
  parent_id: number | null;
  state: CatalogueState;
  sort: number;
  image: string | null;
  texts: Translations<{ title: string; description: string }>;
}

const categories = versionedRecords<CategoryRow, z.output<typeof categoryEditorSchema>>({
  key: ['backoffice', 'categories'],
  path: '/catalogue/categories',
  name: 'category',
});

export const categoryKeys = { all: categories.key };
export const categoriesQuery = categories.listQuery;
export const useSaveCategory = categories.useSave;
