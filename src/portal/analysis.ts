/**
 * The analysis page, `/analysis/` (the 2018 `analysis` view, contract §11): the picked profiles
 * (`matrix_id=` in the address, else the cart) and the tools run on them in the page's own
 * script — Download, Scan, Permute — each also read from the address (`tool=scan&threshold=80&
 * sequence=…`), so a result is a link; Randomize and Cluster need JASPAR's server. Pure: the
 * work is the script's (client/analysis.ts, on src/analysis/).
 */
import { anchor } from '../formats/html/runtime-safe/escape.js';
import { ANALYSIS_PATH, CART_PATH, rootFrom } from './paths.js';
import { RECORD_FORMATS } from './records.js';
import { shell } from './shell.js';

const formatOptions = RECORD_FORMATS.map((f) => `<option value="${f}">${f}</option>`).join('');

export function analysisPage(release: string): string {
  const root = rootFrom(ANALYSIS_PATH);
  const body = [
    '<h1>Analysis</h1>',
    `<p>Tools run in this page, on the profiles picked: those named in the address (<code>?matrix_id=MA0004.1&amp;matrix_id=…</code>), else those in the ${anchor(root + CART_PATH, 'cart')}. Nothing leaves the browser.</p>`,
    '<section id="picked" aria-live="polite"><p class="muted">Loading the picked profiles…</p></section>',
    '<form id="analysis" class="tools" method="get" action="">',
    '<fieldset class="tool"><legend>Download</legend>',
    `<label>Format<select name="format">${formatOptions}</select></label>`,
    '<label>As<select name="download_type"><option value="combined">one combined .txt</option><option value="individual">a .zip, one file per profile</option></select></label>',
    '<button type="submit" name="tool" value="download">Download</button></fieldset>',
    '<fieldset class="tool"><legend>Scan</legend>',
    '<label>FASTA sequences<textarea name="sequence" rows="6" placeholder=">seq1&#10;ACGTACGT…"></textarea></label>',
    '<label>or a FASTA file<input type="file" id="sequence-file" accept=".fa,.fasta,.fna,.txt,text/plain"></label>',
    '<label>Relative score threshold (%)<input name="threshold" type="number" min="0" max="100" step="any" value="80"></label>',
    '<button type="submit" name="tool" value="scan">Scan</button></fieldset>',
    '<fieldset class="tool"><legend>Permute</legend>',
    '<label>Columns<select name="permute_type"><option value="intra">within each profile (intra)</option><option value="inter">across the profiles (inter)</option></select></label>',
    `<label>Format<select name="permute_format"><option value="pfm">pfm</option>${RECORD_FORMATS.filter(
      (f) => f !== 'pfm',
    )
      .map((f) => `<option value="${f}">${f}</option>`)
      .join('')}</select></label>`,
    '<label>Seed (optional)<input name="seed" placeholder="repeatable when given"></label>',
    '<button type="submit" name="tool" value="permute">Permute</button></fieldset>',
    '</form>',
    '<p class="muted">Randomize (PWMrandom) and Cluster (STAMP) need programs that run on JASPAR\'s server: use <a href="https://jaspar.elixir.no/analysis/">JASPAR\'s analysis page</a>.</p>',
    '<section id="results" class="results" data-state="idle" aria-live="polite"><noscript><p class="notice">The tools run in this page\'s script: turn JavaScript on.</p></noscript></section>',
  ].join('\n');
  return shell({ root, title: 'Analysis', release, kind: 'analysis', body, data: true });
}
