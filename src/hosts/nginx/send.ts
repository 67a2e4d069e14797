/**
 * Sending an answer through njs's request object: shared by the runtime's handler (entry.ts)
 * and the kept answers' (answers.ts), so an answer sent from either is sent alike. Imports types
 * only: the kept answers' module stays small. Runtime-safe subset (docs/runtime.md).
 */
import type { Answer } from '../../runtime/answer.js';

/** What the handlers use of an njs Buffer: a kept answer's file, its body sent as its bytes (answers.ts). */
export interface NjsBytes {
  indexOf(byte: number): number;
  slice(start: number, end?: number): NjsBytes;
  toString(): string;
}

/** What the handlers use of njs's request object. */
export interface NjsRequest {
  readonly method: string;
  readonly variables: { readonly [name: string]: string | undefined };
  readonly headersIn: { readonly [name: string]: string | undefined };
  readonly headersOut: { [name: string]: string | undefined };
  status: number;
  return(status: number, body?: string | NjsBytes): void;
  internalRedirect(uri: string): void;
  sendHeader(): void;
  finish(): void;
  error(message: string): void;
}

/** Send `a`: its headers, then its body, or none (OPTIONS, a 304). */
export function send(r: NjsRequest, a: Answer): void {
  for (let i = 0; i < a.headers.length; i++) r.headersOut[a.headers[i]![0]] = a.headers[i]![1];
  if (a.body !== undefined) {
    r.return(a.status, a.body);
    return;
  }
  // No body (OPTIONS, a 304): headers only, no Content-Type of nginx's choosing.
  r.status = a.status;
  if (a.status !== 304) r.headersOut['Content-Length'] = '0';
  r.sendHeader();
  r.finish();
}
