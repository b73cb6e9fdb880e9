/**
 * What an error suggests the user can do beyond its sentence: restart a local service that
 * stopped, or fix an endpoint setting that points at the wrong place. VS Code-free: the extension
 * turns the answer into a button ("Restart Sample Service", "Open Settings").
 */
import { isLoopbackOrigin, NetworkError, OriginPolicyError } from '../http/errors';
import { ApiError, ResponseValidationError } from './errors';

export type ErrorRemedy =
  /** Nothing listens at a loopback origin any more: the local (sample) service stopped. */
  | 'restartLocalService'
  /** The origin does not resolve, refuses connections, or something other than this API answers. */
  | 'checkEndpoint';

/** The remedy an error points to, if any. */
export function remedyFor(error: unknown): ErrorRemedy | undefined {
  if (error instanceof NetworkError) {
    if (error.afterHeaders) {
      return undefined;
    }
    if (error.code === 'ECONNREFUSED') {
      return isLoopbackOrigin(error.origin) ? 'restartLocalService' : 'checkEndpoint';
    }
    return error.failure.kind === 'host-not-found' || error.failure.kind === 'certificate-name-mismatch' ? 'checkEndpoint' : undefined;
  }
  if (error instanceof ApiError) {
    const redirected = error.status >= 300 && error.status < 400;
    return redirected || (error.status === 404 && error.foreignBody) ? 'checkEndpoint' : undefined;
  }
  if (error instanceof ResponseValidationError) {
    return error.notJson ? 'checkEndpoint' : undefined;
  }
  return error instanceof OriginPolicyError ? 'checkEndpoint' : undefined;
}

/** The first remedy among several errors (one per subscription), the stopped local service first. */
export function remedyOf(errors: readonly unknown[]): ErrorRemedy | undefined {
  const remedies = errors.map(remedyFor);
  return remedies.find((r) => r === 'restartLocalService') ?? remedies.find((r) => r !== undefined);
}
