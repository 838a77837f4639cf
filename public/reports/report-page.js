// The printable monthly report (/reports/?month=YYYY-MM): reads the index of the months and the month's report,
// which the probe publishes, and fills the page's tables. Without ?month=, the newest month.
import { componentRows, incidentRows, monthFromQuery, monthTitle } from './report-rows.js';

const locale = navigator.language;
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

async function readJson(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
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

function listMonths(index, current) {
  const list = document.getElementById('months');
  list.replaceChildren(
    ...index.months.map(({ month, closed }) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `/reports/?month=${month}`;
      link.textContent = `${monthTitle(month, locale)}${closed ? '' : ' (so far)'}`;
      if (month === current) link.setAttribute('aria-current', 'page');
      item.append(link);
      return item;
    }),
  );
}

async function show() {
  const summary = document.getElementById('summary');
  try {
    const index = await readJson('/api/v1/reports/index.json');
    const month = monthFromQuery(location.search) ?? index.months[0]?.month;
    listMonths(index, month);
    if (month === undefined) {
      summary.textContent = 'No month has a report yet.';
      return;
    }
    const entry = index.months.find((each) => each.month === month);
    const report = await readJson(entry?.json ?? `/api/v1/reports/${month}.json`);
    const title = `${monthTitle(month, locale)}: ${report.region}`;
    document.getElementById('title').textContent = title;
    document.title = `Monthly report, ${title}`;
    const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
      new Date(report.until),
    );
    summary.textContent = report.closed ? 'The whole month.' : `The month so far, until ${until}.`;
    fillTable(document.getElementById('components'), componentRows(report, locale));
    const incidents = incidentRows(report, locale, timeZone);
    fillTable(document.getElementById('incidents'), incidents);
    document.getElementById('incidents').hidden = incidents.length === 0;
    document.getElementById('no-incidents').hidden = incidents.length > 0;
    document.getElementById('json-link').href = `/api/v1/reports/${month}.json`;
    document.getElementById('csv-link').href = `/api/v1/reports/${month}.csv`;
    document.getElementById('downloads').hidden = false;
  } catch (error) {
    summary.textContent = `The report could not be read (${error.message}).`;
  }
}

document.getElementById('print').addEventListener('click', () => window.print());
show();
