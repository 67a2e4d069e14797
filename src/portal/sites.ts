/**
 * The binding sites of a profile, `/sites/<matrix_id>/` (the 2018 `html_binding_sites` view):
 * each sequence of the release's `.sites` file with its site (the upper-case letters)
 * highlighted, or the BED regions; a page saying there are none where the release has none. Pure.
 */
import { anchor, esc } from '../formats/html/runtime-safe/escape.js';
import type { Matrix } from '../model/types.js';
import { profilePath, rootFrom, sitesPath } from './paths.js';
import { shell } from './shell.js';

/** A sequence with its upper-case run in `<b>`. */
const highlighted = (sequence: string): string => esc(sequence).replace(/[A-Z]+/g, (run) => `<b>${run}</b>`);

export function sitesPage(release: string, m: Matrix): string {
  const root = rootFrom(sitesPath(m.matrixId));
  const fasta = m.sites?.fasta ?? null;
  const bed = m.sites?.bed ?? null;
  const parts: string[] = [];
  if (fasta !== null)
    parts.push(
      `<p>${fasta.length} sites.</p><div class="scroll"><table><thead><tr><th>#</th><th>Sequence</th><th>Site</th></tr></thead><tbody>${fasta
        .map(
          (s, i) =>
            `<tr><td class="num">${i + 1}</td><td class="site">${esc(s.id)}<br>${highlighted(s.sequence)}</td><td class="site">${esc(s.site)}</td></tr>`,
        )
        .join('')}</tbody></table></div>`,
    );
  if (bed !== null)
    parts.push(
      `<h2>Genomic regions</h2><div class="scroll"><table><thead><tr><th>Chromosome</th><th>Start</th><th>End</th><th>Name</th><th>Score</th><th>Strand</th></tr></thead><tbody>${bed
        .map(
          (r) =>
            `<tr><td>${esc(r.chrom)}</td><td class="num">${r.start}</td><td class="num">${r.end}</td><td>${esc(r.name)}</td><td>${esc(r.score)}</td><td>${esc(r.strand)}</td></tr>`,
        )
        .join('')}</tbody></table></div>`,
    );
  if (parts.length === 0) parts.push('<p class="notice">This release has no binding sites for this profile.</p>');
  const body = [
    `<h1>Binding sites of ${esc(m.matrixId)} <span class="muted">${esc(m.name)}</span></h1>`,
    ...parts,
    `<p>${anchor(root + profilePath(m.matrixId), `Back to ${m.matrixId}`)}</p>`,
  ].join('\n');
  return shell({ root, title: `${m.matrixId} binding sites`, release, kind: 'sites', body });
}
