/**
 * The Content-Type the AWS CLI gives a file it uploads without `--content-type`: Python's
 * `mimetypes.guess_type` of the file's name (awscli.customizations.s3.utils.guess_content_type),
 * for the extensions the suite's uploads leave untyped: upload.sh's last sync (the landing page,
 * logos, search scripts; src/hosting/aws/typed-syncs.ts) and deploy.sh's handler zip.
 * test/hosts/s3-upload.test.ts holds every row to the CLI's own function and to a real upload.
 */
export const CLI_GUESS: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.txt': 'text/plain',
  '.zip': 'application/zip',
};
