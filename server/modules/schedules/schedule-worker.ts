/**
 * Keeps every schedule's slots reaching today + its horizon: a run at start and then hourly (the
 * horizon moves a day a day). Any number of API processes may run it at once (schedule.service.ts topUp).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ScheduleService } from './schedule.service.ts';

const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;

export function startScheduleTopUp(options: {
  schedules: Pick<ScheduleService, 'topUp'>;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running
      .then(async () => {
        const { inserted } = await options.schedules.topUp();
        if (inserted > 0) options.logger.info({ inserted }, 'schedule slots topped up');
      })
      .catch((error: unknown) => options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'schedule top-up failed'));
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
