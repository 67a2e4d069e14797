/**
 * The cart (contract §11): matrix ids kept in the browser's local storage, one list per site
 * (the absolute address of its root: a server's origin and path, or the folder on disk) and
 * release. Every page shows the count; list rows and profile pages add and remove. Browser code.
 */
export interface Cart {
  ids(): string[];
  has(id: string): boolean;
  add(ids: readonly string[]): void;
  remove(id: string): void;
  clear(): void;
}

export function openCart(rootUrl: string, release: string, changed: () => void): Cart {
  const key = `jaspar-static:cart:${rootUrl}:${release}`;
  let store: Storage | null = null;
  try {
    store = window.localStorage;
  } catch {
    store = null;
  }
  let memory: string[] = [];
  const read = (): string[] => {
    if (store === null) return memory;
    try {
      const parsed: unknown = JSON.parse(store.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  };
  const write = (ids: string[]): void => {
    memory = ids;
    try {
      store?.setItem(key, JSON.stringify(ids));
    } catch {
      // Storage full or refused: the cart lasts as long as the page.
    }
    changed();
  };
  return {
    ids: read,
    has: (id) => read().indexOf(id) !== -1,
    add: (ids) => {
      const now = read();
      for (const id of ids) if (now.indexOf(id) === -1) now.push(id);
      write(now);
    },
    remove: (id) => write(read().filter((x) => x !== id)),
    clear: () => write([]),
  };
}
