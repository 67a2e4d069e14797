/**
 * The web site's profile page of a matrix, `/matrix/<matrix_id>/` (contract §8.3): MEME answers
 * end with `URL {base}/matrix/<matrix_id>`, MEME tools turn that line into a link, and people
 * follow it. The copy answers it with a small page of its own that sends the reader on to the
 * browsable detail (docs/api-decisions.md, "Profile pages"): a plain file in a folder of its own,
 * so every host serves it as it serves any page, and it opens from file:// too.
 */
import type { Matrix } from '../../model/types.js';
import { PROFILE_ROOT } from '../../routes/paths.js';
import { esc, escText } from './runtime-safe/escape.js';

/** The page's file, relative to the site root. */
export const profileFile = (matrixId: string): string => `${PROFILE_ROOT}/${matrixId}/index.html`;

/**
 * The page of `m`, sending the reader to `detail` (a path relative to the site root: the
 * browsable detail's file, or the API URL that answers it where no such file exists).
 */
export function profilePage(m: Matrix, detail: string, releaseName: string): string {
  const href = esc(`../../${detail}`);
  const title = escText(`${m.matrixId} ${m.name}`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<meta http-equiv="refresh" content="0; url=${href}">
<title>${title} · ${escText(releaseName)}</title>
</head>
<body>
<p>JASPAR profile <a href="${href}">${title}</a> (${escText(releaseName)}).</p>
</body>
</html>
`;
}
