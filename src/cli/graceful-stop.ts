// How `serve` and `worker` stop: the first SIGTERM (or SIGINT) stops
// taking new work and lets the work in hand finish, then exits 0. That wait is bounded
// (WARMLINE_STOP_GRACE_MS): past it, or on a second signal, the process exits at once with
// status 1, since whatever was still running was cut off (its transactions roll back).
import type { Logger } from 'pino';

export interface StopOptions {
  graceMs: number;
  logger: Logger;
}

/** Installs the signal handlers. */
export function stopGracefully(finish: () => Promise<void>, { graceMs, logger }: StopOptions): void {
  let stopping = false;
  const cutOff = (why: string) => {
    logger.warn({ grace_ms: graceMs }, `stopping at once (${why}); work still in hand is abandoned`);
    process.exit(1);
  };
  const stop = () => {
    if (stopping) return cutOff('asked again');
    stopping = true;
    logger.info({ grace_ms: graceMs }, 'stopping: no new requests; finishing the ones in flight and the step in hand');
    setTimeout(() => cutOff('grace time over'), graceMs).unref();
    finish().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'failed while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
