/**
 * The outcome of an action, announced: a polite status for success, an alert for a refusal. Always
 * rendered (an empty live region) so that screen readers pick up the first message too.
 */
export type NoticeValue = { kind: 'ok' | 'error'; text: string } | null;

export function Notice({ notice }: { notice: NoticeValue }) {
  return (
    <>
      <p role="status" className="bo-notice">
        {notice?.kind === 'ok' ? notice.text : null}
      </p>
      <p role="alert" className={notice?.kind === 'error' ? 'bo-alert' : 'bo-notice'}>
        {notice?.kind === 'error' ? notice.text : null}
      </p>
    </>
  );
}
