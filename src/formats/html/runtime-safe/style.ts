/**
 * The one page shell's own rules (shell.ts): its colours, header and footer. Alone on a page
 * whose content has a stylesheet of its own (the documentation page's Swagger UI).
 */
export const SHELL_STYLE = `
:root{--fg:#1d2430;--muted:#5f6b7a;--line:#d9dee5;--soft:#f4f6f9;--accent:#255c99;--head:#17324d}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:#fff}
header.top{background:var(--head);color:#fff;padding:.7rem 1.5rem;display:flex;gap:1rem;align-items:baseline;flex-wrap:wrap}
header.top a{color:#fff;font-weight:600;text-decoration:none}header.top a:hover{text-decoration:underline}header.top .release{opacity:.8}
header.top nav{display:flex;gap:.9rem;flex-wrap:wrap}
header.top nav a{font-weight:400;opacity:.92}header.top nav a[aria-current]{opacity:1;text-decoration:underline}
header.top code{background:rgba(255,255,255,.12);color:#fff;padding:.1rem .45rem;border-radius:4px;font-size:.85rem;word-break:break-all}
footer{color:var(--muted);font-size:.8rem;text-align:center;padding:1rem}
`.trim();

/** The pages' stylesheet, inlined in each page so it needs no other file and no network. */
export const STYLE = `${SHELL_STYLE}
*{box-sizing:border-box}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
main{max-width:1180px;margin:0 auto;padding:1rem 1.5rem 3rem}
h1{font-size:1.5rem;margin:.6rem 0 .3rem}h2{font-size:1.15rem;margin:1.6rem 0 .5rem;border-bottom:1px solid var(--line);padding-bottom:.2rem}
.muted{color:var(--muted)}
nav.bar{display:flex;flex-wrap:wrap;gap:.35rem;align-items:center;margin:.45rem 0;font-size:.88rem}
nav.bar .label{color:var(--muted);margin-right:.2rem;min-width:4.5rem}
nav.bar a,nav.bar span.here,nav.bar span.off{padding:.12rem .55rem;border:1px solid var(--line);border-radius:999px;white-space:nowrap}
nav.bar span.here{background:var(--accent);border-color:var(--accent);color:#fff}
nav.bar span.off{color:#aab2bd}
table{border-collapse:collapse;margin:.4rem 0;font-size:.9rem}
th,td{border:1px solid var(--line);padding:.25rem .55rem;text-align:left;vertical-align:top}
th{background:var(--soft);font-weight:600}
.scroll{overflow-x:auto}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
table.pfm td{text-align:right;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.82rem}
table.pfm th.base{text-align:center;color:#fff}
img.thumb{height:34px;display:block}
figure{margin:.4rem 1.5rem .4rem 0;display:inline-block;vertical-align:top}
figure img{max-width:100%;border:1px solid var(--line);border-radius:4px;background:#fff}
figcaption{font-size:.82rem;color:var(--muted)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.4rem 0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
pre.response{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.8rem 1rem;overflow-x:auto;font-size:.8rem;line-height:1.45}
pre.response .status{color:var(--muted)}
ul.plain{padding-left:1.1rem;margin:.3rem 0}
form.search{margin-left:auto;position:relative;flex:0 1 26rem;align-self:center}
form.search input{width:100%;padding:.3rem .6rem;border:1px solid var(--line);border-radius:4px;font:inherit;font-size:.9rem}
form.search .hits{position:absolute;right:0;top:calc(100% + .3rem);width:min(40rem,94vw);max-height:70vh;overflow-y:auto;background:#fff;color:var(--fg);border-radius:6px;box-shadow:0 6px 24px rgba(0,0,0,.22);z-index:10}
form.search .hits:empty{display:none}
form.search .hits p{margin:0;padding:.45rem .8rem;color:var(--muted);font-size:.85rem;border-bottom:1px solid var(--line)}
form.search .hits ol{list-style:none;margin:0;padding:.2rem 0}
form.search .hits li{padding:.25rem .8rem;font-size:.9rem}
form.search .hits li a{color:var(--accent);font-weight:400}
dl.facets{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:.4rem 0}
dl.facets dt{color:var(--muted)}dl.facets dd{margin:0}
ul.facet{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.2rem 1rem}
`.trim();
