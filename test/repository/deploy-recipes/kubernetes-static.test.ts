import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import type { IContainer as Container } from 'kubernetes-models/v1/Container';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IPodSpec as PodSpec } from 'kubernetes-models/v1/PodSpec';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseBucketUrl } from '../../../src/object-store/parse-bucket-url.js';
import { findCliInvocation } from '../../helpers/cli-invocation.js';
import { kindOf, parseObject } from '../../helpers/kubernetes-objects.js';

const FILE = 'deploy/kubernetes/static-cronjob.yaml';
const documents = parseAllDocuments(await readFile(FILE, 'utf8'));
if (!Array.isArray(documents)) throw new Error(`${FILE}: not a YAML stream`);
const objects = documents.map((document) => document.toJS() as unknown);
const cronJob = parseObject(
  CronJob,
  objects.find((object) => kindOf(object) === 'CronJob'),
);
const claim = parseObject(
  PersistentVolumeClaim,
  objects.find((object) => kindOf(object) === 'PersistentVolumeClaim'),
);
const pod: PodSpec = cronJob.spec?.jobTemplate.spec?.template.spec ?? { containers: [] };

function named(list: Container[] | undefined, name: string): Container {
  const found = list?.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${FILE}: no container ${name}`);
  return found;
}

const probe = named(pod.containers, 'probe');
const run = findCliInvocation(probe.command ?? []);
const build = findCliInvocation(named(pod.initContainers, 'build').command ?? []);
const dataMount = (holder: Container) =>
  holder.volumeMounts?.find((mount) => mount.name === 'data')?.mountPath ?? '/nowhere';
const onClaim = (holder: Container, path: string) => path.startsWith(`${dataMount(holder)}/`);

describe('the static recipe: a CronJob publishing to a bucket, no origin server', () => {
  it('holds only a claim and the CronJob: nothing serves', () => {
    expect(objects.map(kindOf)).toEqual(['PersistentVolumeClaim', 'CronJob']);
    expect(pod.volumes?.find((volume) => volume.name === 'data')?.persistentVolumeClaim?.claimName).toBe(
      claim.metadata?.name,
    );
  });

  it('runs probe --once --publish to an s3:// URL the CLI accepts, never two at once', () => {
    expect(run).toMatchObject({ command: 'probe', values: { once: true } });
    expect(parseBucketUrl(String(run.values.publish)).bucket).toBe('status-example-com');
    expect(cronJob.spec?.concurrencyPolicy).toBe('Forbid');
    expect(pod.restartPolicy).toBe('Never');
  });

  it('keeps the public directory, the state and the history on the claim, the state outside what is published', () => {
    const out = String(run.values.out);
    for (const path of [out, String(run.values.state), String(run.values.history)])
      expect(onClaim(probe, path), path).toBe(true);
    for (const path of [String(run.values.state), String(run.values.history)]) {
      expect(path.startsWith(`${out}/`), path).toBe(false);
    }
  });

  it('builds and copies the page into the directory the probe publishes, before the probe runs', () => {
    const page = named(pod.initContainers, 'page');
    expect(build.command).toBe('build');
    expect(posix.normalize(String(build.values.public))).toBe(posix.normalize(String(run.values.out)));
    expect(page.command?.at(-1)?.replace(/\/$/, '')).toBe(String(run.values.out));
    expect(String(build.values.components)).toBe(String(run.values.config));
  });

  it('takes credentials from the standard chain: an optional Secret, never a key in the manifest', () => {
    expect(probe.envFrom?.[0]?.secretRef).toEqual({ name: 'service-directory-s3', optional: true });
    expect(probe.env?.map((variable) => variable.name)).not.toContain('AWS_SECRET_ACCESS_KEY');
  });
});
