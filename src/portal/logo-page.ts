/** The sequence logo of a profile, `/matrix/<matrix_id>/svg/` (the 2018 `svg_logo` view): the SVG on both strands. Pure. */
import { anchor, esc } from '../formats/html/runtime-safe/escape.js';
import { logoFile } from '../logos/files.js';
import { logoPagePath, profilePath, rootFrom } from './paths.js';
import { shell } from './shell.js';

export function logoPage(release: string, matrixId: string, name: string): string {
  const root = rootFrom(logoPagePath(matrixId));
  const img = (file: string, caption: string) =>
    `<figure><a href="${esc(root + file)}"><img src="${esc(root + file)}" alt="${esc(`${caption} of ${matrixId}`)}"></a><figcaption>${esc(caption)}: ${anchor(root + file, file.slice(file.lastIndexOf('/') + 1))}</figcaption></figure>`;
  const body = [
    `<h1>Sequence logo of ${esc(matrixId)} <span class="muted">${esc(name)}</span></h1>`,
    `<div class="logos">${img(logoFile(matrixId, 'forward'), 'Logo')}${img(logoFile(matrixId, 'reverse'), 'Reverse complement')}</div>`,
    `<p>${anchor(root + profilePath(matrixId), `Back to ${matrixId}`)}</p>`,
  ].join('\n');
  return shell({ root, title: `${matrixId} logo`, release, kind: 'logo', body });
}
