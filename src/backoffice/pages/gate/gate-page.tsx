/**
 * The gate scanner (gate role and up; issue 21 item 5), phone first: the rear camera reads e-ticket QR
 * codes (CameraScanner), a text field takes a typed or pasted code (and hardware scanners that type
 * and press Enter), POST /gate/scan verifies and checks in once, and a large panel says valid / already
 * used (when, where) / refunded / wrong day / not for this gate / not a valid ticket — colour, icon and
 * words, announced (status for valid, alert for the rest), cleared for the next scan after a few seconds.
 *
 * Offline: the day's tickets and the public key (GET /gate/day) are kept (gate-offline.ts); when the
 * browser is offline or a call fails for want of a network, the signature is verified here and the
 * check-in is made on the kept list and queued; the queue goes to POST /gate/sync when back online. A scan
 * let through offline that the sync finds was not valid (someone else's check-in came first) is told on
 * this device: its panel turns to the duplicate's verdict, and a list of such findings stays until seen.
 * Phone first (412 × 915, one hand): the camera view comes first under a one-line state, the verdict over it.
 * Manual lookup by exact order number or ticket code checks a ticket in from a list (online only: the
 * kept list holds no codes). A gate account hears first names only, and its kept list holds none.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { gateLookupQuerySchema, gateScanRequestSchema, type GateDay, type GateScan } from '#domain/contracts/gate.schema.ts';
import { importTicketPublicKey, parseTicketCode } from '#domain/ticket-code.ts';
import { checkInTicket, getGateDay, isNetworkFailure, lookUpTickets, scanTicket, syncScans, type LookupRow } from '../../api/gate.ts';
import { errorText } from '../../../lib/error-message.ts';
import { formatMoment } from '#domain/date-text.ts';
import { readerTimezone } from '../../../lib/use-formatting.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { CameraScanner } from './camera-scanner.tsx';
import { decideOffline, gateStore, recordOnline, type QueuedScan, type SyncConflict } from './gate-offline.ts';

/** How long a result stays before the panel clears for the next scan. */
const RESULT_MS = 4000;
/** The same code read again by the camera within this time is the same scan, not a second one. */
const SAME_CODE_MS = 6000;
const SYNC_EVERY_MS = 15_000;
const DAY_EVERY_MS = 5 * 60_000;

const ICONS: Record<GateScan['result'], string> = { valid: '✓', already_used: '!', refunded: '✕', wrong_day: '✕', wrong_product: '✕', unknown: '✕' };

type Shown = { scan: GateScan; offline: boolean; code?: string; atSync?: boolean } | { failure: string };

const column = createColumnHelper<TableFeatures, LookupRow>();

export default function GatePage() {
  const { t, i18n } = useTranslation(['backoffice-gate', 'backoffice']);
  const [day, setDay] = useState<GateDay | null>(() => gateStore.day());
  const [queue, setQueue] = useState<QueuedScan[]>(() => gateStore.queue());
  const [online, setOnline] = useState(() => navigator.onLine);
  const [shown, setShown] = useState<Shown | null>(null);
  const [conflicts, setConflicts] = useState<SyncConflict[]>(() => gateStore.conflicts());
  const shownRef = useRef(shown);
  useEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  const [where, setWhere] = useState(() => gateStore.where());
  const key = useRef<CryptoKey | null>(null);
  const dayRef = useRef(day);
  const queueRef = useRef(queue);
  const recent = useRef(new Map<string, number>());
  const busy = useRef(false);
  const syncing = useRef(false);
  const gateName = where.trim() || undefined;
  // The timers started once per visit read the gate's name as it is now.
  const gateNameRef = useRef(gateName);
  useEffect(() => {
    gateNameRef.current = gateName;
  }, [gateName]);

  const keepDay = useCallback((next: GateDay) => {
    dayRef.current = next;
    gateStore.saveDay(next);
    setDay(next);
  }, []);
  const keepQueue = useCallback((next: QueuedScan[]) => {
    queueRef.current = next;
    gateStore.saveQueue(next);
    setQueue(next);
  }, []);

  useEffect(() => {
    key.current = null;
    if (!day) return;
    let current = true;
    importTicketPublicKey(day.public_key).then(
      (imported) => {
        if (current) key.current = imported;
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [day?.public_key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key only changes with the day's key

  const loadDay = useCallback(async () => {
    try {
      let fresh = await getGateDay();
      // Check-ins made here but not synced yet stay marked on the fresh list.
      for (const queued of queueRef.current) {
        const id = parseTicketCode(queued.code)?.id ?? null;
        fresh = recordOnline(fresh, id, { result: 'valid', used_at: queued.scanned_at, used_where: gateNameRef.current ?? 'gate', ticket: null });
      }
      keepDay(fresh);
      setOnline(true);
    } catch (error) {
      if (isNetworkFailure(error)) setOnline(false);
    }
  }, [keepDay]);

  const sync = useCallback(async () => {
    const pending = queueRef.current.slice(0, 500);
    if (pending.length === 0 || syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      const { results } = await syncScans(gateNameRef.current, pending);
      keepQueue(queueRef.current.filter((queued) => !pending.includes(queued)));
      // What was let in offline but was not valid after all (a duplicate found at sync): told here.
      const found = pending.flatMap((queued, index) => {
        const scan = results[index];
        return scan && scan.result !== 'valid' ? [{ code: queued.code, conflict: { scanned_at: queued.scanned_at, scan } }] : [];
      });
      if (found.length > 0) {
        const next = [...gateStore.conflicts(), ...found.map((one) => one.conflict)];
        gateStore.saveConflicts(next);
        setConflicts(next);
        const current = shownRef.current;
        const same = current && 'scan' in current && current.offline ? found.find((one) => one.code === current.code) : undefined;
        if (same) setShown({ scan: same.conflict.scan, offline: false, atSync: true });
      }
      setOnline(true);
      await loadDay();
    } catch (error) {
      if (isNetworkFailure(error)) setOnline(false);
    } finally {
      syncing.current = false;
    }
  }, [keepQueue, loadDay]);

  useEffect(() => {
    // The kept list is refreshed (and anything queued synced) once the page is up.
    void Promise.resolve().then(loadDay).then(sync);
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const syncTimer = window.setInterval(() => void sync(), SYNC_EVERY_MS);
    const dayTimer = window.setInterval(() => void loadDay(), DAY_EVERY_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(syncTimer);
      window.clearInterval(dayTimer);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit of the page

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), RESULT_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  const scanOffline = useCallback(
    async (code: string) => {
      const kept = dayRef.current;
      if (!kept || !key.current) {
        setShown({ failure: t('offline.noList') });
        return;
      }
      const outcome = await decideOffline(kept, key.current, code, new Date(), gateName ?? 'gate');
      if (outcome.queued) {
        keepDay(outcome.day);
        keepQueue([...queueRef.current, outcome.queued]);
      }
      setShown({ scan: outcome.scan, offline: true, code });
    },
    [gateName, keepDay, keepQueue, t],
  );

  const handleCode = useCallback(
    async (raw: string, fromCamera: boolean) => {
      const code = raw.trim();
      if (!code || busy.current) return;
      const last = recent.current.get(code);
      if (fromCamera && last !== undefined && Date.now() - last < SAME_CODE_MS) return;
      busy.current = true;
      try {
        if (!navigator.onLine) {
          setOnline(false);
          await scanOffline(code);
          return;
        }
        try {
          const scan = await scanTicket(code, gateName);
          setOnline(true);
          if (dayRef.current) keepDay(recordOnline(dayRef.current, parseTicketCode(code)?.id ?? null, scan));
          setShown({ scan, offline: false });
        } catch (error) {
          if (!isNetworkFailure(error)) {
            setShown({ failure: errorText(t, error) });
            return;
          }
          setOnline(false);
          await scanOffline(code);
        }
      } finally {
        recent.current.set(code, Date.now());
        busy.current = false;
      }
    },
    [gateName, keepDay, scanOffline, t],
  );

  const onCamera = useCallback((code: string) => void handleCode(code, true), [handleCode]);

  const codeForm = useForm<z.input<typeof gateScanRequestSchema>>({ resolver: zodResolver(gateScanRequestSchema), defaultValues: { code: '' } });
  const submitCode = (event: FormEvent<HTMLFormElement>) =>
    void codeForm.handleSubmit(async ({ code }) => {
      await handleCode(code, false);
      codeForm.reset({ code: '' });
    })(event);

  // The one moment format in the device's own timezone: the gate works offline, without the organisation's settings.
  const when = (moment: string) => formatMoment(new Date(moment), i18n.language, readerTimezone());

  return (
    <div className="bo-gate">
      <PageHeading title={t('title')}>{t('title')}</PageHeading>

      <p className={online ? 'bo-gate-state' : 'bo-gate-state bo-gate-state--offline'} role="status">
        {online ? t('state.online') : t('state.offline')} · {day ? t('state.list', { count: day.tickets.length, date: day.date }) : t('state.noList')}
        {queue.length > 0 ? ` · ${t('state.queued', { count: queue.length })}` : ''}
      </p>

      <div className="bo-gate-scan">
        <CameraScanner onCode={onCamera} paused={shown !== null} />
        <ResultPanel shown={shown} when={when} onNext={() => setShown(null)} />
      </div>

      <SyncConflicts
        conflicts={conflicts}
        when={when}
        onSeen={() => {
          gateStore.saveConflicts([]);
          setConflicts([]);
        }}
      />

      <form className="bo-form bo-gate-code" onSubmit={submitCode} noValidate>
        <StackedField label={t('code.label')} hint={t('code.hint')} error={codeForm.formState.errors.code ? t('code.required') : undefined}>
          {(props) => <input {...props} {...codeForm.register('code')} autoComplete="off" autoCapitalize="off" spellCheck={false} />}
        </StackedField>
        <button type="submit" className="bo-button bo-button--primary">
          {t('code.submit')}
        </button>
      </form>

      <Lookup gateName={gateName} onResult={(scan) => setShown({ scan, offline: false })} />

      <section aria-labelledby="bo-gate-settings">
        <h2 id="bo-gate-settings">{t('settings.heading')}</h2>
        <StackedField label={t('settings.where')} hint={t('settings.whereHint')}>
          {(props) => (
            <input
              {...props}
              value={where}
              maxLength={100}
              onChange={(event) => {
                setWhere(event.target.value);
                gateStore.saveWhere(event.target.value);
              }}
            />
          )}
        </StackedField>
        <button type="button" className="bo-button" onClick={() => void loadDay().then(sync)}>
          {t('settings.refresh')}
        </button>
      </section>
    </div>
  );
}

function ResultPanel({ shown, when, onNext }: { shown: Shown | null; when: (moment: string) => string; onNext: () => void }) {
  const { t } = useTranslation('backoffice-gate');
  const scan = shown && 'scan' in shown ? shown.scan : null;
  const good = scan?.result === 'valid';
  const panel = shown ? (
    <div className={`bo-gate-result bo-gate-result--${scan ? scan.result : 'failure'}`}>
      <span className="bo-gate-result__icon" aria-hidden="true">
        {scan ? ICONS[scan.result] : '?'}
      </span>
      <span className="bo-gate-result__text">
        <strong className="bo-gate-result__title">{scan ? t(`result.${scan.result}`) : t('result.failure')}</strong>
        {scan?.result === 'already_used' && scan.used_at ? (
          <span>{t('result.usedAt', { when: when(scan.used_at), where: scan.used_where ?? '—' })}</span>
        ) : null}
        {scan?.result === 'wrong_day' && scan.ticket?.date ? <span>{t('result.forDay', { date: scan.ticket.date })}</span> : null}
        {scan?.ticket ? (
          <span>
            {/* A gate account's kept day list has no names: offline, the ticket is said without one. */}
            {t(scan.ticket.name ? 'result.ticket' : 'result.ticketUnnamed', {
              order: scan.ticket.order_number,
              position: scan.ticket.position,
              of: scan.ticket.of,
              name: scan.ticket.name,
              title: scan.ticket.title,
            })}
          </span>
        ) : null}
        {scan?.ticket?.audience ? <span>{scan.ticket.audience}</span> : null}
        {shown && 'failure' in shown ? <span>{shown.failure}</span> : null}
        {shown && 'scan' in shown && shown.offline ? <span>{t('result.offline')}</span> : null}
        {shown && 'scan' in shown && shown.atSync ? <span>{t('result.atSync')}</span> : null}
      </span>
    </div>
  ) : null;
  return (
    <div className={shown ? 'bo-gate-results bo-gate-results--shown' : 'bo-gate-results'}>
      <div role="status">{good ? panel : null}</div>
      <div role="alert">{good ? null : panel}</div>
      {shown ? (
        <button type="button" className="bo-button" onClick={onNext}>
          {t('result.next')}
        </button>
      ) : (
        <p className="bo-gate-ready">{t('result.ready')}</p>
      )}
    </div>
  );
}

/** Check-ins let through offline that the sync found were not valid, until the gate says it has seen them. */
function SyncConflicts({ conflicts, when, onSeen }: { conflicts: SyncConflict[]; when: (moment: string) => string; onSeen: () => void }) {
  const { t } = useTranslation('backoffice-gate');
  if (conflicts.length === 0) return null;
  return (
    <section className="bo-gate-conflicts" aria-labelledby="bo-gate-conflicts" role="alert">
      <h2 id="bo-gate-conflicts">{t('conflicts.heading', { count: conflicts.length })}</h2>
      <ul>
        {conflicts.map((conflict, index) => (
          <li key={`${conflict.scanned_at}-${index}`}>
            {t('conflicts.item', {
              scanned: when(conflict.scanned_at),
              result: t(`result.${conflict.scan.result}`),
              ticket: conflict.scan.ticket
                ? t('result.ticket', {
                    order: conflict.scan.ticket.order_number,
                    position: conflict.scan.ticket.position,
                    of: conflict.scan.ticket.of,
                    name: conflict.scan.ticket.name,
                    title: conflict.scan.ticket.title,
                  })
                : '',
            })}
            {conflict.scan.result === 'already_used' && conflict.scan.used_at
              ? ` ${t('result.usedAt', { when: when(conflict.scan.used_at), where: conflict.scan.used_where ?? '—' })}`
              : ''}
          </li>
        ))}
      </ul>
      <button type="button" className="bo-button" onClick={onSeen}>
        {t('conflicts.seen')}
      </button>
    </section>
  );
}

function Lookup({ gateName, onResult }: { gateName: string | undefined; onResult: (scan: GateScan) => void }) {
  const { t } = useTranslation(['backoffice-gate', 'backoffice']);
  const [rows, setRows] = useState<LookupRow[] | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const form = useForm<z.input<typeof gateLookupQuerySchema>>({ resolver: zodResolver(gateLookupQuerySchema), defaultValues: { q: '' } });

  const search = useCallback(
    async (q: string) => {
      try {
        const answer = await lookUpTickets(q);
        setRows(answer.tickets);
        setQuery(q);
        setNotice(null);
      } catch (error) {
        setNotice({ kind: 'error', text: isNetworkFailure(error) ? t('lookup.offline') : errorText(t, error) });
      }
    },
    [t],
  );
  const submit = form.handleSubmit(({ q }) => search(q));

  const checkIn = useCallback(
    async (ticket: LookupRow) => {
      try {
        onResult(await checkInTicket(ticket.id, gateName));
        if (query) await search(query);
      } catch (error) {
        setNotice({ kind: 'error', text: isNetworkFailure(error) ? t('lookup.offline') : errorText(t, error) });
      }
    },
    [gateName, onResult, query, search, t],
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('order_number', { header: () => t('lookup.order') }),
        column.accessor('name', { header: () => t('lookup.name') }),
        column.accessor('title', { header: () => t('lookup.product') }),
        column.accessor('date', { header: () => t('lookup.date'), cell: (info) => info.getValue() ?? '—' }),
        column.accessor((row) => `${row.position}/${row.of}`, { id: 'position', header: () => t('lookup.position') }),
        column.accessor('status', {
          header: () => t('lookup.status'),
          cell: (info) => (info.row.original.used_at ? t('lookup.used') : t(`lookup.statuses.${info.getValue()}`)),
        }),
        column.display({
          id: 'action',
          header: () => t('lookup.action'),
          cell: (info) => {
            const ticket = info.row.original;
            const label = t('lookup.checkIn', { order: ticket.order_number, position: ticket.position, of: ticket.of });
            return (
              <button type="button" className="bo-button" disabled={ticket.status !== 'PAID' || ticket.used_at !== null} onClick={() => void checkIn(ticket)}>
                {label}
              </button>
            );
          },
        }),
      ]),
    [t, checkIn],
  );

  return (
    <section aria-labelledby="bo-gate-lookup">
      <h2 id="bo-gate-lookup">{t('lookup.heading')}</h2>
      <form className="bo-form" onSubmit={(event) => void submit(event)} noValidate role="search">
        <StackedField label={t('lookup.label')} error={form.formState.errors.q ? t('lookup.exactOnly') : undefined}>
          {(props) => <input {...props} {...form.register('q')} type="search" autoComplete="off" />}
        </StackedField>
        <button type="submit" className="bo-button bo-button--primary">
          {t('lookup.submit')}
        </button>
      </form>
      <Notice notice={notice} />
      {rows ? (
        <DataTable
          caption={t('lookup.caption', { count: rows.length })}
          columns={columns}
          data={rows}
          empty={t('lookup.empty')}
          rowKey={(row) => String(row.id)}
        />
      ) : null}
    </section>
  );
}
