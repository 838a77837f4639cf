import { isTcpScheme } from '../schemas/check-url.js';
import { checkConnection } from './check-connection.js';
import { type CheckEndpointOptions, type CheckResult, checkEndpoint, type EndpointCheck } from './check-endpoint.js';

/**
 * Runs one check of the kind its URL names: `tcp://host:port` only
 * connects (`checkConnection`), http and https request (`checkEndpoint`).
 * Never throws.
 */
export function runCheck(check: EndpointCheck, options: CheckEndpointOptions = {}): Promise<CheckResult> {
  return isTcpScheme(check.url) ? checkConnection(check, options) : checkEndpoint(check, options);
}
