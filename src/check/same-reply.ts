/** Whether two replies agree: the same status, Content-Type and body bytes. */
import type { Reply } from './types.js';

export function sameReply(a: Reply, b: Reply): boolean {
  return a.status === b.status && a.contentType === b.contentType && a.body.equals(b.body);
}
