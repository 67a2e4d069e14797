/** The page's query as Django's `GET.get` reads it: the last value of a name, or null. Browser code. */
export function queryGetter(search: string): (name: string) => string | null {
  const params = new URLSearchParams(search);
  return (name) => {
    const all = params.getAll(name);
    return all.length ? all[all.length - 1]! : null;
  };
}

/** The current query with `page` set to `n`, every other parameter kept. */
export function withPage(search: string, n: number): string {
  const params = new URLSearchParams(search);
  params.set('page', String(n));
  return `?${params.toString()}`;
}
