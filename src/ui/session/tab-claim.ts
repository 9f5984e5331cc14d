// tab-claim: which tab keeps the saved session. The first tab of the page takes a Web Lock and
// holds it until it closes; a second tab opened meanwhile does not get it, so it neither
// restores nor saves — it cannot overwrite the first tab's work with its own. Reloading it after
// the first tab closed gives it the lock (and the session).

export const SESSION_LOCK = 'kubeplay-session';

/** The part of navigator.locks used here. */
export interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<unknown> | unknown,
  ): Promise<unknown>;
}

/**
 * Resolves true once this tab holds the session lock (kept until the page closes), false when
 * another tab holds it. Without Web Locks (old browsers) every tab counts as the only one.
 */
export function claimSession(locks: LockManagerLike | null = globalThis.navigator?.locks ?? null): Promise<boolean> {
  if (!locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    locks
      .request(SESSION_LOCK, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // held for the page's life: the promise never settles
        return lock === null ? undefined : new Promise(() => {});
      })
      .catch(() => resolve(true));
  });
}
