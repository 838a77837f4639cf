import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { ProbeLog } from '../log/probe-log.js';
import { bounceTokenOf } from './bounce-token.js';
import { clientAddress } from './client-address.js';
import type { MailPage } from './mail-page.js';
import { parseDsn } from './parse-dsn.js';
import { readRequestBody, readTextWithin } from './read-request-body.js';
import {
  LANDING_CSP,
  LANDING_RESULTS,
  type LandingPage,
  type LandingResult,
  renderLandingPage,
} from './render-landing-page.js';
import type { SignupLimiter } from './signup-limiter.js';
import type { SubscriberStore } from './subscriber-store.js';
import { readToken, type TokenPurpose } from './subscriber-tokens.js';
import { AddressSchema, MAIL_LANGUAGES, type MailLanguage, subscriptionChoiceSchema } from './subscription-choice.js';
import { readVerpAddress } from './verp-address.js';

/** The one answer to every sign-up taken, whatever the address: nobody learns who subscribed. */
export const ACCEPTED_BODY = `${JSON.stringify({
  status: 'accepted',
  message: 'If the address can receive mail, a link to confirm the subscription is on its way.',
})}\n`;

/** The hidden field people leave empty and form-filling robots do not. */
export const HONEYPOT_FIELD = 'website';

export interface SubscriptionService {
  readonly store: SubscriberStore;
  readonly secret: string;
  readonly page: MailPage;
  /** Origins whose pages may POST here (the status page's, and the endpoint's own landing pages). */
  readonly origins: ReadonlySet<string>;
  readonly trustedProxies: ReadonlySet<string>;
  readonly limiter: SignupLimiter;
  readonly log: ProbeLog;
  readonly now: () => number;
  /** Told when a mail was queued (the sender looks at once). */
  readonly queued: () => void;
}

/** An answer as the listener writes it. */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  body: `${JSON.stringify(value)}\n`,
});
const refuse = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error, message }, headers);

const SignupFieldsSchema = z.object({ email: AddressSchema, [HONEYPOT_FIELD]: z.unknown().optional() });

/**
 * One request to the subscription endpoint (`{endpoint}` and its
 * `/confirm`, `/unsubscribe`, `/manage`, `/done`): state changes by POST
 * only, landing pages by GET. The listener adds the common headers.
 */
export async function handleSubscriptionRequest(
  request: IncomingMessage,
  service: SubscriptionService,
): Promise<Answer> {
  const { page } = service;
  const url = new URL(request.url ?? '/', 'http://endpoint.invalid');
  const base = new URL(page.endpoint).pathname.replace(/\/+$/, '');
  const action =
    url.pathname === base ? '' : url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length + 1) : undefined;
  const method = request.method ?? '';
  if (action === undefined || !['', 'confirm', 'unsubscribe', 'manage', 'done', 'bounces'].includes(action)) {
    return refuse(404, 'not_found', 'not a subscription URL');
  }
  if (action === 'bounces') return receiveBounce(request, service);
  const origin = request.headers.origin;
  if (method === 'OPTIONS') return { status: 204, headers: {}, body: '' };
  if (method === 'GET' || method === 'HEAD') {
    if (action === '') return refuse(405, 'method_not_allowed', 'sign up with a POST', { Allow: 'POST, OPTIONS' });
    return landing(action, url.searchParams, service);
  }
  if (method !== 'POST') return refuse(405, 'method_not_allowed', 'use POST', { Allow: 'GET, POST, OPTIONS' });
  if (origin !== undefined && !service.origins.has(origin)) {
    return refuse(403, 'forbidden_origin', 'this origin may not post here');
  }
  if (action === 'done') return refuse(405, 'method_not_allowed', 'use GET', { Allow: 'GET' });
  if (action === '') {
    const client = clientAddress(
      request.socket.remoteAddress,
      request.headers['x-forwarded-for'],
      service.trustedProxies,
    );
    const waitS = service.limiter.take(client, service.now());
    if (waitS > 0) {
      return refuse(429, 'too_many_requests', 'too many sign-ups from this client; try again later', {
        'Retry-After': String(waitS),
      });
    }
  }
  const body = await readRequestBody(request);
  if (body.kind === 'too-large') return refuse(413, 'body_too_large', 'the body is too large');
  if (body.kind === 'bad') return refuse(400, 'invalid_request', body.reason);
  const token = String(body.fields.token ?? url.searchParams.get('token') ?? '');
  if (action === '') return signUp(body.fields, body.kind === 'form', service);
  // RFC 8058's one-click POST, from a mail client: answered 200, never sent elsewhere.
  const form = body.kind === 'form' && body.fields['List-Unsubscribe'] !== 'One-Click';
  return act(action as 'confirm' | 'unsubscribe' | 'manage', token, body.fields, form, service);
}

/** A DSN with the original message's headers, or part of its body, is a few tens of KB. */
export const MAX_BOUNCE_BYTES = 256 * 1024;

/**
 * `POST {endpoint}/bounces` from a relay that forwards delivery status
 * notifications: `Authorization: Bearer` the bounce token
 * (`bounceTokenOf`), the DSN as the body. 200 when recorded, 401 for any
 * other token, 400 for what is not a DSN of one of our mails.
 */
async function receiveBounce(request: IncomingMessage, service: SubscriptionService): Promise<Answer> {
  if (request.method !== 'POST') return refuse(405, 'method_not_allowed', 'use POST', { Allow: 'POST' });
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const expected = bounceTokenOf(service.secret);
  const given = createHash('sha256').update(presented).digest();
  if (!timingSafeEqual(given, createHash('sha256').update(expected).digest())) {
    return refuse(401, 'unauthorized', 'a bounce needs the bounce token', {
      'WWW-Authenticate': 'Bearer realm="bounces"',
    });
  }
  const message = await readTextWithin(request, MAX_BOUNCE_BYTES);
  if (message === undefined) return refuse(413, 'body_too_large', 'the body is too large');
  const dsn = parseDsn(message);
  if (!dsn.ok) return refuse(400, 'invalid_request', dsn.reason);
  const id = readVerpAddress(service.secret, dsn.verp);
  if (id === undefined) return refuse(400, 'invalid_request', 'its bounce address is not signed with this secret');
  const known = service.store.recordBounce(id, dsn.status, dsn.permanent, service.now());
  return json(200, { status: dsn.status, permanent: dsn.permanent, known });
}

function signUp(fields: Readonly<Record<string, unknown>>, form: boolean, service: SubscriptionService): Answer {
  const signup = SignupFieldsSchema.safeParse(fields);
  if (!signup.success)
    return refuse(400, 'invalid_request', `email: ${signup.error.issues[0]?.message ?? 'is not an email address'}`);
  const choice = subscriptionChoiceSchema(service.page.components).safeParse({
    components: fields.components,
    language: fields.language,
    time_zone: fields.time_zone,
  });
  if (!choice.success) {
    const issue = choice.error.issues[0];
    return refuse(400, 'invalid_request', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`);
  }
  const honeypot = signup.data[HONEYPOT_FIELD];
  if (honeypot === undefined || honeypot === '') {
    const { components, language, time_zone: timeZone } = choice.data;
    service.store.signUp(signup.data.email, { components, language, timeZone }, service.now());
    service.queued();
  }
  if (form) return seeOther(service, 'sent', choice.data.language);
  return { status: 202, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: ACCEPTED_BODY };
}

function act(
  action: 'confirm' | 'unsubscribe' | 'manage',
  token: string,
  fields: Readonly<Record<string, unknown>>,
  form: boolean,
  service: SubscriptionService,
): Answer {
  const { store, now } = service;
  const reading = readToken(service.secret, token, action as TokenPurpose, now());
  const done = (result: LandingResult, status: number, value: unknown, language: MailLanguage = 'en') =>
    form ? seeOther(service, result, language) : json(status, value);
  if (!reading.ok) {
    if (reading.why === 'expired')
      return done('expired', 410, { error: 'expired_token', message: 'this link has expired' });
    return form ? seeOther(service, 'gone', 'en') : refuse(400, 'invalid_token', 'not a token of this endpoint');
  }
  const { subscriber: id, nonce } = reading.claims;
  if (action === 'confirm') {
    const language = store.byId(id)?.pending?.choice.language ?? 'en';
    const outcome = store.confirm(id, nonce, now());
    if (outcome === 'confirmed') return done('confirmed', 200, { status: 'confirmed' }, language);
    if (outcome === 'expired')
      return done('expired', 410, { error: 'expired_token', message: 'this link has expired' }, language);
    return done(
      'gone',
      410,
      { error: 'voided_token', message: 'this link was replaced by a newer one, or used up' },
      language,
    );
  }
  const subscriber = store.byKey(id, nonce);
  if (action === 'unsubscribe' || fields.action === 'unsubscribe') {
    // RFC 8058: the one-click POST is answered 200, again and again, whether or not anyone was left to remove.
    if (subscriber !== undefined) store.remove(id);
    return done('unsubscribed', 200, { status: 'unsubscribed' }, subscriber?.choice.language);
  }
  if (subscriber === undefined)
    return done('gone', 410, { error: 'voided_token', message: 'no subscription for this link' });
  const changing = ['components', 'language', 'time_zone'].some((field) => fields[field] !== undefined);
  const current = subscriber.choice;
  if (!changing)
    return json(200, { components: current.components, language: current.language, time_zone: current.timeZone });
  const choice = subscriptionChoiceSchema(service.page.components).safeParse({
    components: fields.components ?? (form ? [] : current.components),
    language: fields.language ?? current.language,
    time_zone: fields.time_zone ?? current.timeZone,
  });
  if (!choice.success) {
    const issue = choice.error.issues[0];
    return refuse(400, 'invalid_request', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`);
  }
  const { components, language, time_zone: timeZone } = choice.data;
  store.change(id, nonce, { components, language, timeZone });
  return done('changed', 200, { components, language, time_zone: timeZone }, language);
}

function seeOther(service: SubscriptionService, result: LandingResult, language: MailLanguage): Answer {
  return {
    status: 303,
    headers: { Location: `${service.page.endpoint}/done?result=${result}&lang=${language}` },
    body: '',
  };
}

function landing(action: string, params: URLSearchParams, service: SubscriptionService): Answer {
  const asked = params.get('lang');
  let language: MailLanguage = MAIL_LANGUAGES.find((code) => code === asked) ?? 'en';
  const token = params.get('token') ?? '';
  let page: LandingPage;
  if (action === 'done') {
    const result = params.get('result');
    page = { kind: 'done', result: LANDING_RESULTS.find((each) => each === result) ?? 'gone' };
  } else if (action === 'manage') {
    const reading = readToken(service.secret, token, 'manage', service.now());
    const subscriber = reading.ok ? service.store.byKey(reading.claims.subscriber, reading.claims.nonce) : undefined;
    if (subscriber === undefined) page = { kind: 'done', result: 'gone' };
    else {
      language = subscriber.choice.language;
      page = { kind: 'manage', token, choice: subscriber.choice };
    }
  } else {
    const purpose = action as 'confirm' | 'unsubscribe';
    const reading = readToken(service.secret, token, purpose, service.now());
    if (reading.ok) {
      const subscriber = service.store.byId(reading.claims.subscriber);
      language =
        (purpose === 'confirm' ? subscriber?.pending?.choice.language : subscriber?.choice.language) ?? language;
    }
    page = reading.ok
      ? { kind: purpose, token }
      : { kind: 'done', result: reading.why === 'expired' ? 'expired' : 'gone' };
  }
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': LANDING_CSP,
      // Not `no-referrer`, under which a browser sends `Origin: null` with the button's POST and the endpoint
      // refuses it as a foreign origin; the token in the URL still goes nowhere but back to this origin.
      'Referrer-Policy': 'same-origin',
    },
    body: renderLandingPage(page, language, service.page),
  };
}
