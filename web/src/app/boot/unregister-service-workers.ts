/** Spec §4: service workers registered by earlier versions are unregistered on start-up. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Insecure origins and private modes refuse the API; there is nothing to unregister there.
  }
}
