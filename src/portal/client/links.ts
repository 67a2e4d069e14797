/**
 * From disk (`file://`) a link to a folder opens the folder, not its page: there, every
 * relative link and form to a folder gets its `index.html` (before the query). On a server
 * nothing changes. Browser code.
 */
const FOLDER = /^([^?#]*\/)([?#].*)?$/;
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\?)/i;

export const fromDisk = (): boolean => location.protocol === 'file:';

/** `href` with `index.html` added where it names a folder, when the page came from disk. */
export function pageHref(href: string): string {
  if (!fromDisk() || ABSOLUTE.test(href)) return href;
  const m = FOLDER.exec(href === '' ? './' : href);
  return m ? `${m[1]}index.html${m[2] ?? ''}` : href;
}

/** Fix every link and form below `root` (see the module comment). */
export function fixLinks(root: ParentNode): void {
  if (!fromDisk()) return;
  root.querySelectorAll('a[href]').forEach((a) => {
    const href = a.getAttribute('href')!;
    const fixed = pageHref(href);
    if (fixed !== href) a.setAttribute('href', fixed);
  });
  root.querySelectorAll('form[action]').forEach((f) => {
    const action = f.getAttribute('action')!;
    const fixed = pageHref(action);
    if (fixed !== action) f.setAttribute('action', fixed);
  });
}
