/**
 * Schedules that tick for most of a minute (master mirroring, the position monitor) end a run early when
 * the process is asked to stop. On AWS nothing asks: a run ends by its own clock. The local runtime asks
 * when it stops (Ctrl-C, the end of an e2e run), so stopping never waits out a minute of ticks. A run
 * holds the signal it started with; a later runtime in the same process gets a fresh one.
 */
let controller = new AbortController();

export function shutdownSignal(): AbortSignal {
  return controller.signal;
}

export function requestShutdown(): void {
  controller.abort();
  controller = new AbortController();
}
