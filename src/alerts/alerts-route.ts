import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { describeIoError } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { decodeUtf8 } from '../io/decode-utf8.js';
import { parseDocument } from '../io/parse-document.js';
import type { ListenerRoute } from '../listeners/listener-route.js';
import { readRequestBody } from '../listeners/read-request-body.js';
import type { LineLog } from '../log/line-log.js';
import { ALERT_SOURCES, type AlertGroup, type AlertSource, PAYLOAD_SCHEMAS, toAlertGroup } from './alert-group.js';
import type { AlertEdit } from './decide-alert-edit.js';

/** Where the webhooks go: `/alerts/alertmanager`, `/alerts/grafana`. */
export const ALERTS_PATH_PREFIX = '/alerts/';
/** An Alertmanager batch of a few hundred alerts with their labels and annotations fits: 1 MiB. */
export const MAX_ALERTS_BODY_BYTES = 1024 * 1024;

export interface AlertsRouteOptions {
  /** The bearer token both tools send. */
  readonly token: string;
  /** What a notification does to the notices (`createAlertReceiver`). */
  readonly receive: (group: AlertGroup) => Promise<AlertEdit>;
  readonly log: LineLog;
}

/**
 * The alerts' receiver on the push listener: `POST /alerts/{source}` with
 * `Authorization: Bearer TOKEN` and a source's webhook payload (`ALERT_SOURCES`).
 * A wrong or missing token is 401, alike and in the same time (compared as
 * HMACs, in constant time), limited as the pushes' refusals are; another
 * source 404, another method 405; with the right token, a body over
 * `MAX_ALERTS_BODY_BYTES` 413, one that is no payload of the source's 400
 * naming why, and otherwise 200 with what it did to the notices, alerts
 * about unknown components included (Alertmanager would retry a refusal
 * forever); 500 when the notices file could not be edited, which the tool
 * retries.
 */
export function createAlertsRoute({ token, receive, log }: AlertsRouteOptions): ListenerRoute {
  const key = randomBytes(32);
  const digest = (text: string) => createHmac('sha256', key).update(text).digest();
  const expected = digest(token);
  return {
    prefix: ALERTS_PATH_PREFIX,
    async handle(request, response, refuse) {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const source = ALERT_SOURCES.find((each) => path === `${ALERTS_PATH_PREFIX}${each}`);
      if (source === undefined) {
        const why = `not an alerts URL (${ALERT_SOURCES.map((each) => ALERTS_PATH_PREFIX + each).join(', ')})`;
        return refuse({ status: 404, why, outcome: 'refused', limited: true });
      }
      if (request.method !== 'POST') {
        const why = 'an alert notification is POST';
        return refuse({ status: 405, why, outcome: 'refused', limited: true, headers: { Allow: 'POST' } });
      }
      const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      // Compared whether or not one was sent, so that no answer comes sooner than another.
      if (!timingSafeEqual(digest(presented ?? ''), expected) || presented === undefined) {
        const why = `${source}: ${presented === undefined ? 'no bearer token' : 'wrong token'}`;
        const headers = { 'WWW-Authenticate': 'Bearer realm="alerts"' };
        return refuse({ status: 401, why, outcome: 'unauthorized', limited: true, key: 'alerts', headers });
      }
      const body = await readRequestBody(request, MAX_ALERTS_BODY_BYTES);
      if (body === undefined) {
        const why = `${source}: a body over ${MAX_ALERTS_BODY_BYTES} bytes`;
        return refuse({ status: 413, why, outcome: 'refused', limited: false });
      }
      const group = parseGroup(source, body);
      if ('invalid' in group) return refuse({ status: 400, why: group.invalid, outcome: 'refused', limited: false });
      let edit: AlertEdit;
      try {
        edit = await receive(group.group);
      } catch (error) {
        const why = error instanceof InputError ? error.message : describeIoError(error);
        log.error(`alerts: a ${source} notification could not be applied: ${why}`);
        return answerJson(response, 500, { error: 'the notices file could not be edited; retry' });
      }
      answerJson(response, 200, { outcome: edit.outcome, notice: edit.notice?.id ?? null });
    },
  };
}

/** The body as the source's payload, or why it is not one. */
function parseGroup(source: AlertSource, body: Buffer): { group: AlertGroup } | { invalid: string } {
  const decoded = decodeUtf8(body);
  if ('invalid' in decoded) return { invalid: `${source}: the body ${decoded.invalid}` };
  try {
    return {
      group: toAlertGroup(source, parseDocument(`the ${source} payload`, decoded.text, PAYLOAD_SCHEMAS[source])),
    };
  } catch (error) {
    if (error instanceof InputError) return { invalid: error.message };
    throw error;
  }
}

function answerJson(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' });
  response.end(`${JSON.stringify(body)}\n`);
}
