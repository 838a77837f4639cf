import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Workflow, WorkflowSchema, type WorkflowStep } from '../../helpers/github-workflow-schema.js';
import { lintWorkflow } from '../../helpers/lint-workflow.js';

const WORKFLOW_FILE = 'deploy/github-actions/publish-notices.yml';

let text: string;
let workflow: Workflow;
let steps: WorkflowStep[];

beforeAll(async () => {
  text = await readFile(WORKFLOW_FILE, 'utf8');
  workflow = WorkflowSchema.parse(parse(text));
  steps = Object.values(workflow.jobs)[0]?.steps ?? [];
});

const indexOf = (name: string) => steps.findIndex((step) => step.name?.startsWith(name));

describe('GitHub Actions workflow publishing the notices', () => {
  it('passes actionlint, and fails it on a broken expression, so that check can fail', async () => {
    expect(await lintWorkflow(text, WORKFLOW_FILE)).toEqual([]);
    expect(
      await lintWorkflow(text.replace('secrets.KUBECONFIG }}', 'secret.KUBECONFIG }}'), WORKFLOW_FILE),
    ).not.toEqual([]);
  });

  it('runs when data/notices.json changes on main, with read-only repository access, the latest push winning', () => {
    expect(workflow.on.push?.branches).toEqual(['main']);
    expect(workflow.on.push?.paths).toContain('data/notices.json');
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(parse(text).concurrency).toEqual({ group: 'publish-notices', 'cancel-in-progress': true });
  });

  it('checks the file as the probe reads it before it publishes, with the CLI the repository ships', () => {
    const check = steps[indexOf('Check the notices')];
    expect(check?.run).toBe('npm run -s notice -- list');
    expect(indexOf('Install')).toBeLessThan(indexOf('Check the notices'));
    expect(indexOf('Check the notices')).toBeLessThan(indexOf('Publish'));
  });

  it('applies the file as the ConfigMap the Kubernetes recipes mount, in every region, its kubeconfig from secrets', async () => {
    const publish = steps[indexOf('Publish')];
    expect(publish?.run).toContain('create configmap service-directory-notices');
    expect(publish?.run).toContain('--from-file=notices.json=data/notices.json');
    expect(publish?.env?.KUBECONFIG_DATA).toMatch(/^\$\{\{ secrets\.KUBECONFIG \}\}$/);
    const manifests = await Promise.all(
      ['statefulset', 'cronjob', 'static-cronjob'].map((name) => readFile(`deploy/kubernetes/${name}.yaml`, 'utf8')),
    );
    for (const manifest of manifests) expect(manifest).toMatch(/name: service-directory-notices\n\s+optional: true/);
  });
});
