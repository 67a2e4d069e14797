/**
 * A request as a client sends it and the reply `check` compares (status, Content-Type, body
 * bytes, headers): the shapes the host suites and `jaspar-static check` share.
 */

export interface ClientRequest {
  readonly method: string;
  /** Path and query as sent, e.g. `/api/v1/matrix/?page=2`. */
  readonly target: string;
  /** The Accept header, when the client sends one. */
  readonly accept?: string;
  /** Other request headers (Accept-Encoding, If-None-Match), where the sender passes them. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Reply {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: Buffer;
  /** Whether it carried `X-Content-Type-Options: nosniff` (contract §8.1); absent where the host model reports no headers. */
  readonly nosniff?: boolean;
  /** Every response header, lowercase names (repeated ones joined with `, `), where the sender records them. */
  readonly headers?: Readonly<Record<string, string>>;
}
