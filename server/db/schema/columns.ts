/** Column helpers shared by the schema files. */
import { integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import type { Translations } from '#domain/languages.ts';

/** Translatable texts of one entity, keyed by language (falls back to the organisation's default). */
export const texts = <T>() => jsonb('texts').$type<Translations<T>>().notNull().default({});

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Catalogue publication state; see src/domain/catalogue-state.ts. */
export type StateColumn = 'DRAFT' | 'INVISIBLE' | 'PUBLISHED' | 'ARCHIVED';
