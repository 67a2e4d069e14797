/**
 * The site's script (bundled by the build into `static/portal/portal.js`): folder links from
 * disk, the cart on every page, and the query work no static host does — search results,
 * collection pages past the first, the reverse complement of a profile, the old addresses'
 * forwarding, the cart's list. It reads the site's rows from the data script (data.ts) and
 * renders with the same pure functions as the build. Browser code.
 */
import { DATA_GLOBAL, type PortalData } from '../data.js';
import { oldLinkTarget } from '../old-links.js';
import { profilePath } from '../paths.js';
import { resultsHtml } from '../results.js';
import { rowsTable } from '../rows.js';
import { collectionRows } from '../collection.js';
import { exactMatrix, pageRows, readSearch, searchRows, type SearchQuery } from '../search.js';
import { startAnalysis } from './analysis.js';
import { openCart, type Cart } from './cart.js';
import { fixLinks, pageHref } from './links.js';
import { queryGetter, withPage } from './query.js';

declare global {
  interface Window {
    [DATA_GLOBAL]?: PortalData;
  }
}

const body = document.body;
const root = body.getAttribute('data-root') ?? '';
const release = body.getAttribute('data-release') ?? '';
const kind = body.getAttribute('data-page') ?? '';
const get = queryGetter(location.search);

function showCount(cart: Cart): void {
  const n = String(cart.ids().length);
  document.querySelectorAll('.cart-count').forEach((e) => {
    e.textContent = n;
  });
}

const cart: Cart = openCart(new URL(root || './', location.href).href, release, () => {
  showCount(cart);
  syncPicks(document);
});

/** Checkboxes and buttons show whether their profile is in the cart. */
function syncPicks(scope: ParentNode): void {
  scope.querySelectorAll<HTMLInputElement>('input.cart[data-matrix-id]').forEach((box) => {
    box.checked = cart.has(box.getAttribute('data-matrix-id')!);
  });
  scope.querySelectorAll<HTMLButtonElement>('button.cart-toggle[data-matrix-id]').forEach((b) => {
    b.textContent = cart.has(b.getAttribute('data-matrix-id')!) ? 'Remove from cart' : 'Add to cart';
  });
}

document.addEventListener('change', (e) => {
  const box = e.target;
  if (!(box instanceof HTMLInputElement) || !box.classList.contains('cart')) return;
  const id = box.getAttribute('data-matrix-id')!;
  if (box.checked) cart.add([id]);
  else cart.remove(id);
});

document.addEventListener('click', (e) => {
  const target = e.target;
  if (!(target instanceof HTMLElement)) return;
  if (target.matches('button.cart-toggle[data-matrix-id]')) {
    const id = target.getAttribute('data-matrix-id')!;
    if (cart.has(id)) cart.remove(id);
    else cart.add([id]);
  } else if (target.matches('button.cart-all')) {
    const ids: string[] = [];
    target
      .closest('.results')
      ?.querySelectorAll('tr[data-matrix-id]')
      .forEach((tr) => ids.push(tr.getAttribute('data-matrix-id')!));
    cart.add(ids);
  } else if (target.id === 'cart-empty') {
    cart.clear();
    if (kind === 'cart') showCart();
  }
});

const data = (): PortalData | null => window[DATA_GLOBAL] ?? null;

/** Put results (trusted markup from the pure renderers) into the results element, and mark them done. */
function fill(html: string): void {
  const out = document.getElementById('results');
  if (out === null) return;
  out.innerHTML = html;
  fixLinks(out);
  syncPicks(out);
  out.setAttribute('data-state', 'done');
}

const failed = (message: string): void => {
  const p = document.createElement('p');
  p.className = 'error';
  p.textContent = message;
  const out = document.getElementById('results');
  if (out === null) return;
  out.replaceChildren(p);
  out.setAttribute('data-state', 'done');
};

/** What a search asked, in words (plain text: escaped by the renderer). */
function asked(q: SearchQuery): string {
  const parts = [q.q ? `for “${q.q}”` : 'for every profile'];
  const collection = q.collection === null || q.collection === '' ? 'CORE' : q.collection;
  parts.push(collection === 'all' ? 'in all collections' : `in ${collection.toUpperCase()}`);
  const filters: [string, string | null][] = [
    ['tax group', q.taxGroup],
    ['tax id', q.taxId],
    ['type', q.type],
    ['class', q.tfClass],
    ['family', q.family],
  ];
  for (const [label, v] of filters) if (v !== null && v !== '' && v !== 'all') parts.push(`${label} ${v}`);
  if (q.version === 'latest') parts.push('latest versions');
  return parts.join(', ');
}

function setForm(q: SearchQuery): void {
  const form = document.querySelector<HTMLFormElement>('form.search-form');
  if (form === null) return;
  const set = (name: string, value: string | null) => {
    const field = form.elements.namedItem(name);
    if (value === null || !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    if (field instanceof HTMLSelectElement && ![...field.options].some((o) => o.value === value)) {
      field.add(new Option(value, value));
    }
    field.value = value;
  };
  set('q', q.q);
  set('collection', q.collection === '' ? null : q.collection);
  set('tax_group', q.taxGroup);
  set('tax_id', q.taxId);
  set('type', q.type);
  set('class', q.tfClass);
  set('family', q.family);
  set('version', q.version);
  set('page_size', q.pageSize);
}

function showSearch(): void {
  const q = readSearch(get);
  setForm(q);
  const d = data();
  if (d === null) {
    failed('The search data of this site did not load (static/portal/data.js).');
    return;
  }
  const exact = exactMatrix(d.rows, q.q);
  if (exact !== null) {
    location.replace(pageHref(root + profilePath(exact)));
    return;
  }
  const all = searchRows(d.rows, q);
  fill(
    all === null
      ? '<p class="muted">Type a name, an id, a species or a tax id, or choose filters, and search.</p>'
      : resultsHtml(pageRows(all, q), root, (n) => withPage(location.search, n), asked(q)),
  );
}

function showCollection(): void {
  if (get('page') === null && get('page_size') === null) return;
  const out = document.getElementById('results');
  const name = out?.getAttribute('data-collection') ?? '';
  const d = data();
  if (d === null) {
    failed('The data of this site did not load (static/portal/data.js).');
    return;
  }
  const result = pageRows(collectionRows(d.rows, name), { page: get('page'), pageSize: get('page_size') });
  fill(resultsHtml(result, root, (n) => withPage(location.search, n), `in the ${name} collection`));
}

function showCart(): void {
  const d = data();
  if (d === null) {
    failed('The data of this site did not load (static/portal/data.js).');
    return;
  }
  const ids = cart.ids();
  const rows = ids.map((id) => d.rows.find((r) => r[0] === id)).filter((r) => r !== undefined);
  const missing = ids.length - rows.length;
  const note = missing ? `<p class="notice">${missing} kept profile(s) are not in this release.</p>` : '';
  const count = `<p class="count"><b>${rows.length} ${rows.length === 1 ? 'profile' : 'profiles'}</b> in the cart. Untick one to remove it.</p>`;
  fill(
    rows.length
      ? count + note + rowsTable(rows, root)
      : `<p class="muted">The cart is empty: tick profiles on a search, collection or profile page.</p>${note}`,
  );
}

function forward(): void {
  const old = document.getElementById('forward')?.getAttribute('data-old') ?? '';
  location.replace(pageHref(root + (oldLinkTarget(old, get) || './')));
}

function start(): void {
  fixLinks(document);
  showCount(cart);
  syncPicks(document);
  if (kind === 'search') showSearch();
  else if (kind === 'collection') showCollection();
  else if (kind === 'cart') showCart();
  else if (kind === 'forward') forward();
  else if (kind === 'analysis')
    startAnalysis({
      root,
      get,
      all: (name) => new URLSearchParams(location.search).getAll(name),
      cartIds: () => cart.ids(),
      knownIds: () => (data()?.rows ?? []).map((r) => r[0]),
    }).catch((e: unknown) => failed(`The analysis failed: ${e instanceof Error ? e.message : String(e)}`));
  else if (kind === 'profile' && get('revcomp') === '1') body.classList.add('revcomp');
}

try {
  start();
} catch (e) {
  failed(`This page's script failed: ${e instanceof Error ? e.message : String(e)}`);
}
