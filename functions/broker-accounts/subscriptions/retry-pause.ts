/** A short random pause before retrying a transaction that met a concurrent one (spreads the retries). */
export function retryPause(attempt: number): Promise<void> {
  const ms = (attempt + 1) * (10 + Math.floor(Math.random() * 40));
  return new Promise((resolve) => setTimeout(resolve, ms));
}
