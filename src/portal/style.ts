/** The site pages' stylesheet: the API pages' one (src/formats/html/runtime-safe/style.ts) and the portal's own parts. */
import { STYLE } from '../formats/html/runtime-safe/style.js';

export const PORTAL_STYLE = `${STYLE}
header.top form.quick{margin-left:auto;display:flex;gap:.3rem}
header.top form.quick input{padding:.25rem .5rem;border:0;border-radius:4px;font:inherit;font-size:.9rem;width:14rem}
header.top form.quick button,button,.button{padding:.25rem .7rem;border:1px solid var(--line);border-radius:4px;background:var(--soft);color:var(--fg);font:inherit;font-size:.9rem;cursor:pointer}
.cart-count{display:inline-block;min-width:1.3rem;padding:0 .35rem;border-radius:999px;background:#fff;color:var(--head);font-size:.8rem;text-align:center;font-weight:600}
form.search-form{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.5rem 1rem;margin:.6rem 0;padding:.8rem;background:var(--soft);border:1px solid var(--line);border-radius:6px}
form.search-form label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted)}
form.search-form input,form.search-form select{font:inherit;font-size:.9rem;padding:.25rem .4rem;border:1px solid var(--line);border-radius:4px;color:var(--fg);background:#fff}
form.search-form .actions{display:flex;align-items:flex-end;gap:.5rem}
table.rows td{vertical-align:middle}table.rows img.thumb{height:30px}
.notice{padding:.6rem .9rem;border:1px solid #e3c77b;background:#fff8e1;border-radius:6px}
.error{padding:.6rem .9rem;border:1px solid #e0a3a3;background:#fdeeee;border-radius:6px}
.site{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem;word-break:break-all}
.site b{background:#ffe28a}
ul.cols{columns:3 16rem;padding-left:1.1rem}
.logos figure{max-width:48%}
.tools-list dt{font-weight:600;margin-top:.6rem}
div.revcomp{display:none}body.revcomp div.revcomp{display:block}body.revcomp div.forward{display:none}
form.tools{display:flex;flex-wrap:wrap;gap:1rem;margin:.6rem 0}
form.tools fieldset{flex:1 1 18rem;min-width:0;display:flex;flex-direction:column;gap:.5rem;border:1px solid var(--line);border-radius:6px;padding:.6rem .8rem;background:var(--soft)}
form.tools legend{font-weight:600}form.tools label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted)}
form.tools select,form.tools input{font:inherit;font-size:.9rem;padding:.25rem .4rem;border:1px solid var(--line);border-radius:4px;color:var(--fg);background:#fff}
form.tools button{align-self:flex-start}
textarea{box-sizing:border-box;width:100%;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem}
`;
