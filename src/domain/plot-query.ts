/**
 * The query string of GET /api/products/{id}/plots (spec section 7), written once: the storefront
 * builds it with `buildPlotQuery` and the API reads it back with `parsePlotQuery`.
 *
 * The parameters travel as flat bracketed keys (`order[audiences][0][id]=3`), the shape the
 * original storefront sent; query-string parsers keep them flat, so parsing them is ours to do.
 */
import { isCalendarDate } from './calendar-date.ts';

export type PlotOrderingColumn = 'date';
export type PlotOrderingDirection = 'asc' | 'desc';

export interface PlotOrderAudience {
  id: number;
  quantity: number;
}

/** What the visitor is about to order: one quantity, or a quantity per audience. */
export type PlotOrder = { quantity: number } | { audiences: PlotOrderAudience[] };

export interface PlotQuery {
  /** null: no order given (the API then prices and checks availability for a single ticket). */
  order: PlotOrder | null;
  /** YYYY-MM-DD; null: no bound. */
  filterFrom: string | null;
  filterUntil: string | null;
  orderingCol: PlotOrderingColumn;
  orderingDir: PlotOrderingDirection;
  /** The plot of the order being rebooked: always listed, whatever the window. */
  rebookPlot: number | null;
}

/** Why a parameter was refused, keyed by the parameter as it was sent. */
export interface PlotQueryProblem {
  param: string;
  rule: 'whole_number' | 'date' | 'date_range' | 'one_of' | 'required' | 'duplicate' | 'ambiguous' | 'single_value';
}

export type PlotQueryResult = { ok: true; query: PlotQuery } | { ok: false; problems: PlotQueryProblem[] };

export const DEFAULT_PLOT_QUERY: PlotQuery = {
  order: null,
  filterFrom: null,
  filterUntil: null,
  orderingCol: 'date',
  orderingDir: 'asc',
  rebookPlot: null,
};

/** Ids are PostgreSQL `integer`s. */
const MAX_ID = 2_147_483_647;
/** Far above any product's max_quantity; keeps sums safe. */
const MAX_QUANTITY = 100_000;

const ORDERING_COLUMNS: readonly PlotOrderingColumn[] = ['date'];
const ORDERING_DIRECTIONS: readonly PlotOrderingDirection[] = ['asc', 'desc'];

const AUDIENCE_KEY = /^order\[audiences\]\[(\d{1,4})\]\[(id|quantity)\]$/;
const WHOLE_NUMBER = /^\d{1,10}$/;

function wholeNumber(value: string, min: number, max: number): number | null {
  if (!WHOLE_NUMBER.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/**
 * Reads the flat query parameters into a `PlotQuery`, or lists every problem. Unknown keys
 * (`language`, cache busters) are ignored; empty values count as absent.
 */
export function parsePlotQuery(raw: Record<string, unknown>): PlotQueryResult {
  const problems: PlotQueryProblem[] = [];
  const query: PlotQuery = { ...DEFAULT_PLOT_QUERY };
  const audienceEntries = new Map<number, { id?: string; quantity?: string }>();
  let quantity: string | undefined;

  for (const [param, value] of Object.entries(raw)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      // Repeated keys arrive as arrays: which one was meant is anyone's guess.
      problems.push({ param, rule: 'single_value' });
      continue;
    }
    const text = String(value).trim();
    const audienceKey = AUDIENCE_KEY.exec(param);
    if (audienceKey) {
      const index = Number(audienceKey[1]);
      const entry = audienceEntries.get(index) ?? {};
      entry[audienceKey[2] as 'id' | 'quantity'] = text;
      audienceEntries.set(index, entry);
      continue;
    }
    switch (param) {
      case 'order[quantity]':
        quantity = text;
        break;
      case 'filterFrom':
      case 'filterUntil':
        if (isCalendarDate(text)) query[param] = text;
        else problems.push({ param, rule: 'date' });
        break;
      case 'orderingCol': {
        const column = text.toLowerCase() as PlotOrderingColumn;
        if (ORDERING_COLUMNS.includes(column)) query.orderingCol = column;
        else problems.push({ param, rule: 'one_of' });
        break;
      }
      case 'orderingDir': {
        const direction = text.toLowerCase() as PlotOrderingDirection;
        if (ORDERING_DIRECTIONS.includes(direction)) query.orderingDir = direction;
        else problems.push({ param, rule: 'one_of' });
        break;
      }
      case 'rebookPlot': {
        const plot = wholeNumber(text, 1, MAX_ID);
        if (plot === null) problems.push({ param, rule: 'whole_number' });
        else query.rebookPlot = plot;
        break;
      }
      default:
        break;
    }
  }

  if (query.filterFrom !== null && query.filterUntil !== null && query.filterFrom > query.filterUntil) {
    problems.push({ param: 'filterUntil', rule: 'date_range' });
  }

  if (quantity !== undefined && audienceEntries.size > 0) {
    problems.push({ param: 'order', rule: 'ambiguous' });
  } else if (quantity !== undefined) {
    const amount = wholeNumber(quantity, 0, MAX_QUANTITY);
    if (amount === null) problems.push({ param: 'order[quantity]', rule: 'whole_number' });
    else query.order = { quantity: amount };
  } else if (audienceEntries.size > 0) {
    const audiences = readAudiences(audienceEntries, problems);
    if (audiences) query.order = { audiences };
  }

  return problems.length > 0 ? { ok: false, problems } : { ok: true, query };
}

function readAudiences(entries: Map<number, { id?: string; quantity?: string }>, problems: PlotQueryProblem[]): PlotOrderAudience[] | null {
  const audiences: PlotOrderAudience[] = [];
  const seen = new Set<number>();
  const before = problems.length;
  for (const index of [...entries.keys()].sort((a, b) => a - b)) {
    const entry = entries.get(index) ?? {};
    const prefix = `order[audiences][${index}]`;
    const id = entry.id === undefined ? null : wholeNumber(entry.id, 1, MAX_ID);
    const quantity = entry.quantity === undefined ? null : wholeNumber(entry.quantity, 0, MAX_QUANTITY);
    if (entry.id === undefined) problems.push({ param: `${prefix}[id]`, rule: 'required' });
    else if (id === null) problems.push({ param: `${prefix}[id]`, rule: 'whole_number' });
    else if (seen.has(id)) problems.push({ param: `${prefix}[id]`, rule: 'duplicate' });
    if (entry.quantity === undefined) problems.push({ param: `${prefix}[quantity]`, rule: 'required' });
    else if (quantity === null) problems.push({ param: `${prefix}[quantity]`, rule: 'whole_number' });
    if (id !== null && quantity !== null && !seen.has(id)) {
      seen.add(id);
      audiences.push({ id, quantity });
    }
  }
  return problems.length > before ? null : audiences;
}

/** The flat parameters for a plot request; defaults are left out to keep URLs (and caches) short. */
export function buildPlotQuery(query: Partial<PlotQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  const order = query.order ?? null;
  if (order !== null && 'quantity' in order) {
    params['order[quantity]'] = String(order.quantity);
  } else if (order !== null) {
    order.audiences.forEach((audience, index) => {
      params[`order[audiences][${index}][id]`] = String(audience.id);
      params[`order[audiences][${index}][quantity]`] = String(audience.quantity);
    });
  }
  if (query.filterFrom) params.filterFrom = query.filterFrom;
  if (query.filterUntil) params.filterUntil = query.filterUntil;
  if (query.orderingCol) params.orderingCol = query.orderingCol;
  if (query.orderingDir) params.orderingDir = query.orderingDir;
  if (query.rebookPlot) params.rebookPlot = String(query.rebookPlot);
  return params;
}

/** How many places the order asks for; null when no order was given. */
export function orderedQuantity(order: PlotOrder | null): number | null {
  if (order === null) return null;
  if ('quantity' in order) return order.quantity;
  return order.audiences.reduce((total, audience) => total + audience.quantity, 0);
}

/** What a product lets one order ask for (spec section 5, Quantities): its max_quantity in total, each audience its own. */
export interface PlotOrderLimits {
  max: number;
  /** Audience id → that audience's max_quantity on the product. */
  audienceMax: ReadonlyMap<number, number>;
}

/**
 * Where an order asks for more than the product allows: the parameter (`order[quantity]`,
 * `order[audiences][i][quantity]`, or `order` for the total across audiences), or null when it
 * asks for no more. The listing refuses such an order rather than pricing and checking it.
 */
export function plotOrderBeyondLimits(order: PlotOrder | null, limits: PlotOrderLimits): string | null {
  if (order === null) return null;
  if ('quantity' in order) return order.quantity > limits.max ? 'order[quantity]' : null;
  for (const [index, audience] of order.audiences.entries()) {
    const max = limits.audienceMax.get(audience.id);
    if (max !== undefined && audience.quantity > max) return `order[audiences][${index}][quantity]`;
  }
  return (orderedQuantity(order) ?? 0) > limits.max ? 'order' : null;
}

/** How far ahead the storefront's calendar lists plots (spec section 7: the 60-day window). */
export const PLOT_WINDOW_DAYS = 60;

/** The calendar day (YYYY-MM-DD) it is at `now` in `timezone`. */
export function dayInTimeZone(now: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day `days` after `day` (both YYYY-MM-DD); calendar arithmetic, no clock or zone. */
export function addDays(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The window the storefront asks plots for: `PLOT_WINDOW_DAYS` calendar days, today (in the
 * organisation's timezone) the first of them; `filterUntil` is the last day, included.
 */
export function plotWindow(now: Date, timezone: string, days = PLOT_WINDOW_DAYS): Pick<PlotQuery, 'filterFrom' | 'filterUntil'> {
  const today = dayInTimeZone(now, timezone);
  return { filterFrom: today, filterUntil: addDays(today, days - 1) };
}
