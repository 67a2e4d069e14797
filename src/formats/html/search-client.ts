/**
 * The search script the build writes into the site's static folder (search-box.ts). Browser
 * JavaScript kept as text: it runs in every browser as written (no bundling), and a Chromium
 * test drives it (test/browser-search.test.ts). On first use it loads the search library and
 * the index with `<script>` tags, which work from `file://` where `fetch` does not, indexes the
 * matrices with minisearch (prefix and fuzzy matching, every term required), and lists the hits
 * as links to their detail pages: the page's root (`data-root`) + the path the index holds.
 * `#class=<TF class>` in the page's address (the landing page's class facets) lists every matrix
 * of that class. Values reach the page as text nodes only, never as markup.
 */
import { SEARCH_FILES } from './runtime-safe/search-box.js';
import { INDEX_GLOBAL } from './search-data.js';

/** Hits listed at most; the count says how many matched. */
export const MAX_HITS = 200;

export const SEARCH_CLIENT = `/* jaspar-static: the search box of the browsable pages (docs/html.md). */
(function () {
  'use strict';
  var form = document.querySelector('form.search');
  if (!form) return;
  var root = form.getAttribute('data-root') || '';
  var input = form.querySelector('input');
  var out = form.querySelector('.hits');
  var state = { engine: null, data: null, loading: null };
  form.hidden = false;

  function addScript(src, done) {
    var s = document.createElement('script');
    s.src = root + src;
    s.onload = function () { done(null); };
    s.onerror = function () { done('cannot load ' + src); };
    document.head.appendChild(s);
  }

  function text(v) { return Array.isArray(v) ? v.join(' ') : v; }

  function ready(done) {
    if (state.engine) return done(null);
    if (state.loading) return state.loading.push(done);
    state.loading = [done];
    var finish = function (err) {
      var waiting = state.loading;
      state.loading = null;
      for (var i = 0; i < waiting.length; i++) waiting[i](err);
    };
    addScript(${JSON.stringify(SEARCH_FILES.library)}, function (err) {
      if (err) return finish(err);
      addScript(${JSON.stringify(SEARCH_FILES.index)}, function (err2) {
        var data = window[${JSON.stringify(INDEX_GLOBAL)}];
        if (err2 || !data) return finish(err2 || 'no search index');
        var at = {};
        for (var i = 0; i < data.fields.length; i++) at[data.fields[i]] = i;
        var engine = new MiniSearch({
          idField: 'n',
          fields: data.fields,
          extractField: function (doc, field) { return field === 'n' ? doc.n : text(doc.d[at[field]]); },
          searchOptions: {
            prefix: true,
            // Typos in words, never in ids and numbers: MA0101 must not find MA0107.
            fuzzy: function (term) { return term.length > 4 && !/[0-9]/.test(term) ? 0.2 : false; },
            combineWith: 'AND',
            boost: { id: 3, name: 2 }
          }
        });
        var docs = [];
        for (var j = 0; j < data.docs.length; j++) docs.push({ n: j, d: data.docs[j] });
        engine.addAll(docs);
        state.data = data;
        state.engine = engine;
        finish(null);
      });
    });
  }

  function el(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }

  function show(message, hits) {
    out.textContent = '';
    if (message === null) return;
    out.appendChild(el('p', 'count', message));
    if (!hits.length) return;
    var data = state.data;
    var list = el('ol');
    for (var i = 0; i < hits.length && i < ${MAX_HITS}; i++) {
      var d = data.docs[hits[i]];
      var a = el('a');
      a.href = root + d[d.length - 1];
      a.appendChild(el('b', '', d[0]));
      a.appendChild(document.createTextNode(' ' + d[1]));
      var li = el('li');
      li.appendChild(a);
      var about = [d[2], d[3].join(', '), d[5].join(', ')].filter(function (x) { return x; }).join(' · ');
      li.appendChild(el('span', 'muted', ' ' + about));
      list.appendChild(li);
    }
    out.appendChild(list);
  }

  function counted(n, what) {
    var more = n > ${MAX_HITS} ? ' (the first ${MAX_HITS} shown)' : '';
    return n + (n === 1 ? ' matrix' : ' matrices') + what + more;
  }

  function search() {
    var q = input.value.trim();
    if (!q) return show(null, []);
    ready(function (err) {
      if (err) return show('Search is unavailable: ' + err, []);
      if (input.value.trim() !== q) return;
      var hits = state.engine.search(q).map(function (r) { return r.id; });
      show(counted(hits.length, ' for “' + q + '”'), hits);
    });
  }

  function byClass(name) {
    input.value = name;
    ready(function (err) {
      if (err) return show('Search is unavailable: ' + err, []);
      var hits = [];
      var docs = state.data.docs;
      var at = state.data.fields.indexOf('class');
      for (var i = 0; i < docs.length; i++) if (docs[i][at].indexOf(name) !== -1) hits.push(i);
      show(counted(hits.length, ' of TF class “' + name + '”'), hits);
    });
  }

  function fromHash() {
    var h = location.hash;
    if (h.indexOf('#class=') === 0) byClass(decodeURIComponent(h.slice(7)));
  }

  input.addEventListener('input', search);
  input.addEventListener('focus', function () { ready(function () {}); });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') { input.value = ''; show(null, []); }
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var first = out.querySelector('a');
    if (first) location.href = first.href;
  });
  document.addEventListener('click', function (e) {
    if (!form.contains(e.target)) show(null, []);
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
`;
