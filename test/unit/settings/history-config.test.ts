import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { parseDocument } from '../../../src/io/parse-document.js';
import { ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import { resolveHistoryRetention } from '../../../src/settings/history-retention.js';
import { DAY_MS, HOUR_MS } from '../../../src/time/time-units.js';

const FILE = 'data/components.json';
const base = { region: 'ams1', components: [{ name: 'Scheduler', url: 'http://127.0.0.1:9/' }] };

function problems(history: unknown): string[] {
  try {
    parseDocument(FILE, JSON.stringify({ ...base, history }), ComponentsConfigSchema);
    return [];
  } catch (error) {
    if (error instanceof InputError) return error.message.split('\n');
    throw error;
  }
}

describe('the history block of data/components.json', () => {
  it('defaults to 48 hours raw, 90 days hourly, 7 days of hourly sketches, 400 days daily and for incidents', () => {
    const config = parseDocument(FILE, JSON.stringify(base), ComponentsConfigSchema);
    expect(resolveHistoryRetention(config.history)).toEqual({
      rawMs: 48 * HOUR_MS,
      hourlyMs: 90 * DAY_MS,
      hourlySketchMs: 7 * DAY_MS,
      dailyMs: 400 * DAY_MS,
      incidentMs: 400 * DAY_MS,
    });
  });

  it.each([
    [{ raw_hours: 1 }, 'data/components.json: history.raw_hours: must be at least 2'],
    [{ hourly_days: 1.5 }, 'data/components.json: history.hourly_days: must be a whole number of days'],
    [{ daily_days: '400' }, 'data/components.json: history.daily_days: must be a number of days'],
    [{ hourly_days: 120, daily_days: 100 }, 'data/components.json: history.daily_days: must be at least hourly_days'],
    [{ incident_days: 30 }, 'data/components.json: history.incident_days: must be at least 90'],
    [
      { hourly_days: 30, hourly_sketch_days: 31 },
      'data/components.json: history.hourly_sketch_days: must be at most hourly_days',
    ],
    [[], 'data/components.json: history: must be an object of retention periods'],
  ])('%j is refused with file, path and reason', (history, message) => {
    expect(problems(history)).toEqual([message]);
  });
});
