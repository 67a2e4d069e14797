/** Turning what `fetch` throws into one clear line for the user. */
import { UserError } from '../errors.js';

/** Error codes that mean the host cannot be reached at all (offline, wrong name, refused). */
const UNREACHABLE: Readonly<Record<string, string>> = {
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name cannot be looked up',
  ECONNREFUSED: 'the connection was refused',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

/** The `code` of an error or of the errors in its `cause` chain. */
export function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

const messageOf = (error: unknown): string => {
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  const own = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${own}: ${cause.message}` : own;
};

/**
 * A UserError for a failed request. `stage` says whether connecting or reading the body failed;
 * `detail` is appended (e.g. how many bytes had arrived).
 */
export function describeNetworkError(error: unknown, url: string, stage: 'connect' | 'read', detail = ''): UserError {
  if (error instanceof UserError) return error;
  if (error instanceof Error && error.name === 'AbortError')
    return new UserError('download interrupted; nothing was kept', { file: url });
  const code = errorCode(error);
  const reason = code === undefined ? undefined : UNREACHABLE[code];
  if (stage === 'connect' && reason !== undefined) {
    return new UserError(
      `cannot reach the server: ${reason} (${code}). Are you offline? Download the dump by other means and pass its path to "jaspar-static build"`,
      { file: url },
    );
  }
  const what = stage === 'connect' ? 'download failed' : `download cut off${detail ? ` ${detail}` : ''}`;
  return new UserError(`${what} (${messageOf(error)}); nothing was kept`, { file: url });
}
