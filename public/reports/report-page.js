// The printable monthly report (/reports/?month=YYYY-MM): reads the index of the months and the month's report,
// which the probe publishes, and fills the page's tables, in the language and time zone the visitor chose on the
// status page (its catalogues and translator), right to left in Arabic. Without ?month=, the newest month.

import { speakChosenWords } from '../status-page.chosen-words.js';
import { currentWords, t } from '../status-page.i18n.js';
import { componentRows, incidentRows, monthFromQuery, monthTitle } from './report-rows.js';

async function readJson(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** Writes the page's own words (`data-i18n`, `data-i18n-label`), its language and direction. */
function applyWords() {
  const { language, dir } = currentWords();
  document.documentElement.lang = language;
  document.documentElement.dir = dir;
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll('[data-i18n-label]')) {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  }
  document.title = t('report.title');
}

function fillTable(table, rows) {
  const body = table.querySelector('tbody');
  body.replaceChildren(
    ...rows.map((cells) => {
      const row = document.createElement('tr');
      cells.forEach((text, index) => {
        const cell = document.createElement(index === 0 ? 'th' : 'td');
        if (index === 0) cell.scope = 'row';
        cell.textContent = text;
        row.append(cell);
      });
      return row;
    }),
  );
}

function listMonths(index, current, locale) {
  const list = document.getElementById('months');
  list.replaceChildren(
    ...index.months.map(({ month, closed }) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `/reports/?month=${month}`;
      const title = monthTitle(month, locale);
      link.textContent = closed ? title : t('report.monthSoFar', { month: title });
      if (month === current) link.setAttribute('aria-current', 'page');
      item.append(link);
      return item;
    }),
  );
}

async function show() {
  const summary = document.getElementById('summary');
  try {
    await speakChosenWords();
    applyWords();
    const { locale, timeZone } = currentWords();
    const index = await readJson('/api/v1/reports/index.json');
    const month = monthFromQuery(location.search) ?? index.months[0]?.month;
    listMonths(index, month, locale);
    if (month === undefined) {
      summary.textContent = t('report.none');
      return;
    }
    const entry = index.months.find((each) => each.month === month);
    const report = await readJson(entry?.json ?? `/api/v1/reports/${month}.json`);
    const title = t('report.titleOf', { month: monthTitle(month, locale), region: report.region });
    document.getElementById('title').textContent = title;
    document.title = t('report.documentTitle', { title });
    const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
      new Date(report.until),
    );
    summary.textContent = report.closed ? t('report.whole') : t('report.soFar', { time: until });
    fillTable(document.getElementById('components'), componentRows(report, locale, t));
    const incidents = incidentRows(report, locale, timeZone, t);
    fillTable(document.getElementById('incidents'), incidents);
    document.getElementById('incidents').hidden = incidents.length === 0;
    document.getElementById('no-incidents').hidden = incidents.length > 0;
    document.getElementById('json-link').href = `/api/v1/reports/${month}.json`;
    document.getElementById('csv-link').href = `/api/v1/reports/${month}.csv`;
    document.getElementById('downloads').hidden = false;
  } catch (error) {
    summary.textContent = t('report.failed', { reason: error.message });
  }
}

document.getElementById('print').addEventListener('click', () => window.print());
show();
