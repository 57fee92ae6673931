/**
 * chrome.storage.session for unit tests, over a Map: the three methods the worker uses (get of one
 * key, set, remove). Pass the same Map to a fresh module instance to stand for a worker restart.
 */
export function fakeSessionStorage(data = new Map<string, unknown>()) {
  return {
    get: (key: string): Promise<Record<string, unknown>> =>
      Promise.resolve(data.has(key) ? { [key]: data.get(key) } : {}),
    set: (items: Record<string, unknown>): Promise<void> => {
      for (const [k, v] of Object.entries(items)) data.set(k, v);
      return Promise.resolve();
    },
    remove: (key: string): Promise<void> => {
      data.delete(key);
      return Promise.resolve();
    },
  };
}
