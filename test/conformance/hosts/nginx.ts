/**
 * The conformance suites' nginx: the one of the host suites (test/hosts/support/nginx.ts), a
 * real nginx with the emitted include on a loopback port.
 */
export { nginxRequirements, startNginx, type RunningNginx as Running } from '../../hosts/support/nginx.js';
