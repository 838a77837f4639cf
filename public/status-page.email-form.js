// The email form's code, imported when the visitor opens the form
// (status-page.email-updates.js): the visitor's language and time zone
// filled in, and the sign-up sent with fetch, its answer said in the page's
// words in the form's live region. Touches the DOM only when called.

import { currentWords, LANGUAGES, t } from './status-page.i18n.js';

/** What a 429 without a usable Retry-After is taken to ask: the endpoint's window. */
const DEFAULT_RETRY_S = 60;

/** The visitor's own time zone as the browser names it, else UTC. */
export function visitorTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A sign-up's JSON body from the form's fields (`FormData` entries): `components` a list, ticked or none. */
export function signupBody(entries) {
  const body = { components: [] };
  for (const [name, value] of entries) {
    if (name === 'components') body.components.push(String(value));
    else body[name] = String(value);
  }
  return body;
}

/**
 * What to tell the visitor of the endpoint's answer (`status` 0: none came):
 * the message's key, its values and whether it went well.
 */
export function describeAnswer(status, retryAfter) {
  if (status === 202) return { key: 'email.sent', values: {}, ok: true };
  if (status === 429) {
    const seconds = Number.parseInt(String(retryAfter ?? ''), 10);
    return { key: 'email.tooMany', values: { seconds: seconds > 0 ? seconds : DEFAULT_RETRY_S }, ok: false };
  }
  return { key: 'email.failed', values: {}, ok: false };
}

/** Fills in the page's language and the visitor's zone, once: what the visitor changes afterwards stays. */
export function prepareForm(form) {
  if (form.dataset.prepared === 'true') return;
  form.dataset.prepared = 'true';
  const { language } = currentWords();
  if (Object.hasOwn(LANGUAGES, language)) form.elements.language.value = language;
  form.elements.time_zone.value = visitorTimeZone();
}

/** Sends the sign-up as JSON to the form's endpoint and says how it went. */
export async function sendForm(form) {
  if (!form.reportValidity()) return;
  const result = form.querySelector('.email-result');
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  let answer;
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(signupBody(new FormData(form))),
      credentials: 'omit',
      cache: 'no-store',
    });
    answer = describeAnswer(response.status, response.headers.get('Retry-After'));
    // The body says nothing the status does not, but it is read to its end: a cancelled body is an aborted request.
    await response.arrayBuffer();
  } catch {
    answer = describeAnswer(0);
  } finally {
    button.disabled = false;
  }
  result.dataset.kind = answer.ok ? 'ok' : 'error';
  result.textContent = t(answer.key, answer.values);
}
