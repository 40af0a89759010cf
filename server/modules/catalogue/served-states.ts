/**
 * The publication states as query filters, derived from the domain rules so that SQL and
 * `isServedState` / `isListedState` can never disagree.
 */
import { CATALOGUE_STATES, isListedState, isServedState, type CatalogueState } from '#domain/catalogue-state.ts';

/** Reachable by id (INVISIBLE, PUBLISHED); anything else answers 404. */
export const SERVED_STATES: readonly CatalogueState[] = CATALOGUE_STATES.filter(isServedState);
/** Shown on the home and category pages (PUBLISHED). */
export const LISTED_STATES: readonly CatalogueState[] = CATALOGUE_STATES.filter(isListedState);
