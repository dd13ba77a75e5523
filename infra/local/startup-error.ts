/** A start-up problem the user can fix; `npm start` prints its message as one line and exits non-zero. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
