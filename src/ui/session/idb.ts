// idb: the one IndexedDB store the page keeps its session in — a key-value store with promises,
// opened lazily. Anything IndexedDB refuses (a private window, a sandboxed frame, a full disk)
// rejects the promise; the caller decides what that means.

/** What the session persistence needs from a store (IndexedDB in the page, a Map in tests). */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

const DB_NAME = 'kubeplay';
const DB_VERSION = 1;
const STORE = 'session';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens (creating on first use) the page's database; rejects where IndexedDB is unavailable. */
export function openIndexedDbStore(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<KeyValueStore> {
  if (!factory) return Promise.reject(new Error('IndexedDB is not available'));
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DB_NAME, DB_VERSION);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    request.onsuccess = () => {
      const db = request.result;
      resolve({
        get: (key) => promised(db.transaction(STORE, 'readonly').objectStore(STORE).get(key)),
        async put(key, value) {
          const tx = db.transaction(STORE, 'readwrite');
          tx.objectStore(STORE).put(value, key);
          await done(tx);
        },
        async delete(key) {
          const tx = db.transaction(STORE, 'readwrite');
          tx.objectStore(STORE).delete(key);
          await done(tx);
        },
      });
    };
  });
}

/** A store in memory (tests, and the page when IndexedDB is refused). */
export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>(Object.entries(initial));
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    put: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    delete: async (key) => {
      data.delete(key);
    },
  };
}
