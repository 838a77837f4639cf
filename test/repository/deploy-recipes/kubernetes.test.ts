import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { type IStatefulSet, StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { CronJob, type ICronJob } from 'kubernetes-models/batch/v1/CronJob';
import type { IContainer as Container } from 'kubernetes-models/v1/Container';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IPodSpec as PodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { Service } from 'kubernetes-models/v1/Service';
import cron from 'node-cron';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { findCliInvocation } from '../../helpers/cli-invocation.js';
import { kindOf, type ObjectModel, parseObject, type TypeMeta } from '../../helpers/kubernetes-objects.js';
import { instructionsOf, parseDockerfile } from '../../helpers/parse-dockerfile.js';

/** Every manifest of the recipe, so that a new one is checked against the schemas too. */
const MANIFESTS = readdirSync('deploy/kubernetes')
  .filter((name) => name.endsWith('.yaml'))
  .map((name) => posix.join('deploy/kubernetes', name));
/** Every kind the manifests hold, each checked against Kubernetes' own schema. */
const SCHEMA_CHECKS = [
  schemaCheck(StatefulSet),
  schemaCheck(Service),
  schemaCheck(CronJob),
  schemaCheck(Deployment),
  schemaCheck(PersistentVolumeClaim),
];

function schemaCheck<T extends TypeMeta>(model: ObjectModel<T>) {
  return { kind: model.kind, parse: (document: unknown) => parseObject(model, document) };
}

/** Reads a multi-document manifest; a YAML error fails the test. */
async function readManifest(file: string): Promise<unknown[]> {
  return parseManifest(file, await readFile(file, 'utf8'));
}

function parseManifest(file: string, text: string): unknown[] {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) throw new Error(`${file}: not a YAML stream`);
  return documents.map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map(String).join('; ')}`);
    return document.toJS();
  });
}

function pick<T extends TypeMeta>(documents: unknown[], model: ObjectModel<T>): T {
  const matching = documents.filter((document) => kindOf(document) === model.kind);
  expect(matching, model.kind).toHaveLength(1);
  return parseObject(model, matching[0]);
}

/** What a test relies on the manifest to set; the schema leaves it optional. */
function given<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the manifest sets no ${what}`);
  return value;
}

function podOf(template: IPodTemplateSpec | undefined): PodSpec {
  return given(given(template, 'pod template').spec, 'pod spec');
}

function container(pod: PodSpec, name: string, init = false): Container {
  const found = (init ? pod.initContainers : pod.containers)?.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${init ? 'init ' : ''}container named ${name}`);
  return found;
}

function mountOf(pod: PodSpec, holder: Container, volume: string) {
  const mount = holder.volumeMounts?.find((candidate) => candidate.name === volume);
  if (!mount) throw new Error(`${holder.name} does not mount ${volume}`);
  expect(pod.volumes?.some((candidate) => candidate.name === volume)).toBe(true);
  return mount;
}

/** The mount of the shared claim's `subPath` in a container of the sidecar pod. */
function sharedMount(holder: Container, subPath: string) {
  const mount = holder.volumeMounts?.find((candidate) => candidate.name === 'shared' && candidate.subPath === subPath);
  if (!mount) throw new Error(`${holder.name} does not mount the shared claim's ${subPath}`);
  return mount;
}

function envOf(holder: Container, name: string): string | undefined {
  return holder.env?.find((variable) => variable.name === name)?.value;
}

function isUnder(path: string, directory: string): boolean {
  return path.startsWith(`${directory.replace(/\/$/, '')}/`);
}

/** The image's working directory, which every container inherits: the Dockerfile's final WORKDIR. */
let imageWorkdir: string;
let sidecarManifest: unknown[];
let cronManifest: unknown[];
let statefulSet: IStatefulSet;
let sidecarPod: PodSpec;

beforeAll(async () => {
  const stages = parseDockerfile(await readFile('deploy/docker/Dockerfile', 'utf8'));
  const final = stages.at(-1);
  const workdir = final ? instructionsOf(final, 'WORKDIR').at(-1)?.args : undefined;
  if (!workdir) throw new Error('the Dockerfile sets no WORKDIR in its final stage');
  imageWorkdir = workdir;
  sidecarManifest = await readManifest('deploy/kubernetes/statefulset.yaml');
  cronManifest = await readManifest('deploy/kubernetes/cronjob.yaml');
  statefulSet = pick(sidecarManifest, StatefulSet);
  sidecarPod = podOf(statefulSet.spec?.template);
});

/** Where a container's `--out`/`--public` directory puts an API document. */
function documentPath(holder: Container, flag: 'out' | 'public', urlPath: string): string {
  const run = findCliInvocation(holder.command ?? []);
  return posix.join(posix.resolve(holder.workingDir ?? imageWorkdir, String(run.values[flag])), urlPath);
}

describe('Kubernetes manifests against the Kubernetes schemas', () => {
  it.each(MANIFESTS)('%s holds only objects the schemas accept', async (file) => {
    for (const document of await readManifest(file)) {
      const check = SCHEMA_CHECKS.find((candidate) => candidate.kind === kindOf(document));
      if (!check) throw new Error(`${file}: no schema check for kind ${String(kindOf(document))}`);
      expect(() => check.parse(document), `${file}: ${check.kind}`).not.toThrow();
    }
  });

  it.each([
    [
      'a port number written as a string',
      'containerPort: 3000',
      'containerPort: "3000"',
      /containerPort must be integer/,
    ],
    [
      'a flag written as a word',
      'readOnlyRootFilesystem: true',
      'readOnlyRootFilesystem: "yes"',
      /readOnlyRootFilesystem must be boolean/,
    ],
    ['an apiVersion of another group', 'apiVersion: apps/v1', 'apiVersion: batch/v1', /apiVersion apps\/v1/],
  ])('rejects a StatefulSet with %s', async (_case, good, broken, message) => {
    const text = await readFile('deploy/kubernetes/statefulset.yaml', 'utf8');
    expect(text).toContain(good);
    const [document] = parseManifest('broken statefulset.yaml', text.replace(good, broken));
    expect(() => parseObject(StatefulSet, document)).toThrow(message);
  });
});

describe('the team’s notices in every manifest', () => {
  /** Every pod of the manifests, with each container that runs the CLI's probe or build. */
  async function readersOfNotices(): Promise<{ file: string; pod: PodSpec; holder: Container; command: string }[]> {
    const found: { file: string; pod: PodSpec; holder: Container; command: string }[] = [];
    for (const file of MANIFESTS) {
      for (const document of await readManifest(file)) {
        const template =
          kindOf(document) === 'CronJob'
            ? parseObject(CronJob, document).spec?.jobTemplate.spec?.template
            : kindOf(document) === 'StatefulSet'
              ? parseObject(StatefulSet, document).spec?.template
              : kindOf(document) === 'Deployment'
                ? parseObject(Deployment, document).spec?.template
                : undefined;
        if (template === undefined) continue;
        const pod = podOf(template);
        for (const holder of [...pod.containers, ...(pod.initContainers ?? [])]) {
          const run = holder.command?.includes('dist/src/cli/main.js') ? findCliInvocation(holder.command) : undefined;
          if (run?.command === 'probe' || run?.command === 'build')
            found.push({ file, pod, holder, command: run.command });
        }
      }
    }
    return found;
  }

  it('reads them, in every probe and build, from the notices ConfigMap mounted as a directory the updates reach', async () => {
    const readers = await readersOfNotices();
    expect(readers.filter(({ command }) => command === 'probe').length).toBeGreaterThanOrEqual(3);
    for (const { file, pod, holder } of readers) {
      const notices = String(findCliInvocation(holder.command ?? []).values.notices);
      const mount = holder.volumeMounts?.find((candidate) => isUnder(notices, candidate.mountPath));
      const where = `${file}: ${holder.name}`;
      // A subPath mount would keep the file as it was when the pod started.
      expect(mount?.subPath, where).toBeUndefined();
      const volume = pod.volumes?.find((candidate) => candidate.name === mount?.name);
      expect(volume?.configMap, where).toMatchObject({ name: 'service-directory-notices', optional: true });
      expect(posix.basename(notices), where).toBe('notices.json');
    }
  });
});

describe('Kubernetes StatefulSet (probe as a sidecar)', () => {
  it('runs the server and the probe sidecar, both from the same image', () => {
    const serve = container(sidecarPod, 'serve');
    const probe = container(sidecarPod, 'probe');
    expect(findCliInvocation(serve.command ?? []).command).toBe('serve');
    const probeRun = findCliInvocation(probe.command ?? []);
    expect(probeRun.command).toBe('probe');
    expect(probeRun.values.once).toBeUndefined();
    expect(probe.image).toBe(given(serve.image, 'image'));
  });

  it('serves, from every replica, the API directory of one shared claim, mounted where the probe writes', () => {
    const serve = container(sidecarPod, 'serve');
    const probe = container(sidecarPod, 'probe');
    const served = sharedMount(serve, 'public-api');
    const written = sharedMount(probe, 'public-api');
    expect(written.mountPath).toBe(served.mountPath);
    expect(isUnder(documentPath(probe, 'out', 'api/v1/status'), written.mountPath)).toBe(true);
    expect(isUnder(documentPath(serve, 'public', 'api/v1/status'), served.mountPath)).toBe(true);
    expect(served.readOnly).toBe(true);
    expect(written.readOnly).not.toBe(true);
  });

  it('exposes the server metrics on a named port the prometheus.io annotations point at', () => {
    const annotations = given(statefulSet.spec?.template.metadata?.annotations, 'pod annotations');
    const serve = container(sidecarPod, 'serve');
    const port = serve.ports?.find((candidate) => candidate.name === 'metrics');
    expect(annotations['prometheus.io/scrape']).toBe('true');
    expect(annotations['prometheus.io/path']).toBe('/metrics');
    expect(annotations['prometheus.io/port']).toBe(String(port?.containerPort));
    expect(findCliInvocation(serve.command ?? []).values['metrics-port']).toBe(String(port?.containerPort));
    expect(envOf(serve, 'HOST')).toBe('0.0.0.0');
  });

  it('exposes the probe metrics on a named port of their own, on every interface, scraped by port name', async () => {
    const probe = container(sidecarPod, 'probe');
    const port = probe.ports?.find((candidate) => candidate.name === 'probe-metrics');
    expect(findCliInvocation(probe.command ?? []).values['metrics-port']).toBe(String(port?.containerPort));
    expect(envOf(probe, 'METRICS_HOST')).toBe('0.0.0.0');
    const scrape = await readFile('deploy/prometheus/kubernetes-scrape.yml', 'utf8');
    expect(scrape).toContain('regex: service-directory;metrics\n');
    expect(scrape).toContain('regex: service-directory;probe-metrics\n');
  });

  it.each([
    ['badges', 'public-badges', '/badges'],
    ['feeds of components and groups', 'public-feeds', '/feeds'],
  ] as const)(
    "shares the %s on the shared claim: the writer's probe writes them, every server reads them",
    (_what, subPath, path) => {
      const serve = container(sidecarPod, 'serve');
      const probe = container(sidecarPod, 'probe');
      expect(sharedMount(probe, subPath).mountPath).toBe(documentPath(probe, 'out', path));
      expect(sharedMount(probe, subPath).readOnly).toBeFalsy();
      expect(sharedMount(serve, subPath)).toMatchObject({
        mountPath: documentPath(serve, 'public', path),
        readOnly: true,
      });
    },
  );

  it('builds the regions document into the shared volume before the server starts', () => {
    const build = container(sidecarPod, 'build', true);
    const mount = sharedMount(build, 'public-api');
    expect(findCliInvocation(build.command ?? []).command).toBe('build');
    expect(build.image).toBe(given(container(sidecarPod, 'serve').image, 'image'));
    expect(mount.mountPath).toBe(sharedMount(container(sidecarPod, 'serve'), 'public-api').mountPath);
    expect(isUnder(documentPath(build, 'public', 'api/v1/regions'), mount.mountPath)).toBe(true);
  });

  it('restarts the probe when /healthz says the status is stale, asking the server on its port', () => {
    const probe = container(sidecarPod, 'probe');
    const port = Number(envOf(container(sidecarPod, 'serve'), 'PORT'));
    expect(probe.livenessProbe?.httpGet).toEqual({ path: '/healthz', port });
    expect(probe.startupProbe?.httpGet).toEqual({ path: '/healthz', port });
  });

  it('marks the server ready once it serves /api/v1/regions', () => {
    const serve = container(sidecarPod, 'serve');
    expect(serve.readinessProbe?.httpGet?.path).toBe('/api/v1/regions');
    const named = serve.ports?.find((port) => port.name === serve.readinessProbe?.httpGet?.port);
    expect(named?.containerPort).toBe(Number(envOf(serve, 'PORT')));
    expect(envOf(serve, 'HOST')).toBe('0.0.0.0');
  });

  it('keeps one probe state and history for the region on the shared claim, outside the served directory', () => {
    const probe = container(sidecarPod, 'probe');
    const run = findCliInvocation(probe.command ?? []);
    const claim = pick(sidecarManifest, PersistentVolumeClaim);
    // One claim for every replica (never a claim per replica, nor an emptyDir): one history, one webhook queue.
    expect(claim.spec?.accessModes).toEqual(['ReadWriteMany']);
    expect(statefulSet.spec?.volumeClaimTemplates).toBeUndefined();
    expect(sidecarPod.volumes?.find((volume) => volume.name === 'shared')?.persistentVolumeClaim?.claimName).toBe(
      given(claim.metadata?.name, 'claim name'),
    );
    const state = sharedMount(probe, 'state');
    for (const file of [String(run.values.state), String(run.values.history)]) {
      expect(isUnder(file, state.mountPath), file).toBe(true);
      expect(isUnder(file, posix.join(imageWorkdir, 'public')), file).toBe(false);
    }
  });

  it('runs more than one replica, each probe a standby until it holds the writer lock', () => {
    expect(statefulSet.spec?.replicas).toBeGreaterThan(1);
    const run = findCliInvocation(container(sidecarPod, 'probe').command ?? []);
    expect(run.values.standby).toBe(true);
  });

  it('reads the probe config from a ConfigMap', () => {
    const probe = container(sidecarPod, 'probe');
    const config = String(findCliInvocation(probe.command ?? []).values.config);
    const mount = probe.volumeMounts?.find((candidate) => isUnder(config, candidate.mountPath));
    expect(sidecarPod.volumes?.find((volume) => volume.name === mount?.name)?.configMap?.name).toBe(
      'service-directory-components',
    );
  });

  it('runs every container as non-root with a read-only root filesystem', () => {
    expect(sidecarPod.securityContext?.runAsNonRoot).toBe(true);
    expect(sidecarPod.securityContext?.runAsUser).not.toBe(0);
    for (const holder of [...sidecarPod.containers, ...(sidecarPod.initContainers ?? [])]) {
      expect(holder.securityContext?.readOnlyRootFilesystem, holder.name).toBe(true);
      expect(holder.securityContext?.allowPrivilegeEscalation, holder.name).toBe(false);
    }
  });

  it('is reached through a Service on the server port, selecting the pods by their labels', async () => {
    const service = parseObject(Service, (await readManifest('deploy/kubernetes/service.yaml'))[0]);
    const podLabels = given(statefulSet.spec?.template.metadata?.labels, 'pod labels');
    expect(service.spec?.selector).toEqual(podLabels);
    expect(statefulSet.spec?.selector.matchLabels).toEqual(podLabels);
    expect(statefulSet.spec?.serviceName).toBe(given(service.metadata?.name, 'Service name'));
    const target = service.spec?.ports?.[0]?.targetPort;
    expect(container(sidecarPod, 'serve').ports?.some((port) => port.name === target)).toBe(true);
  });
});

describe('Kubernetes CronJob variant (probe --once on a schedule)', () => {
  let cronJob: ICronJob;
  let server: IDeployment;

  beforeAll(() => {
    cronJob = pick(cronManifest, CronJob);
    server = pick(cronManifest, Deployment);
  });

  it('runs one probe cycle every minute and never two at once', () => {
    expect(cron.validate(given(cronJob.spec?.schedule, 'schedule'))).toBe(true);
    expect(cronJob.spec?.schedule).toBe('* * * * *');
    expect(cronJob.spec?.concurrencyPolicy).toBe('Forbid');
    const pod = podOf(cronJob.spec?.jobTemplate.spec?.template);
    expect(pod.restartPolicy).toBe('Never');
    expect(findCliInvocation(container(pod, 'probe').command ?? [])).toMatchObject({
      command: 'probe',
      values: { once: true },
    });
  });

  it('shares a claim with the server, since a Job cannot share a pod’s emptyDir', () => {
    const claim = pick(cronManifest, PersistentVolumeClaim);
    expect(claim.spec?.accessModes).toEqual(['ReadWriteMany']);
    const jobPod = podOf(cronJob.spec?.jobTemplate.spec?.template);
    const serverPod = podOf(server.spec?.template);
    const probe = container(jobPod, 'probe');
    const serve = container(serverPod, 'serve');
    for (const pod of [jobPod, serverPod]) {
      expect(pod.volumes?.find((volume) => volume.name === 'data')?.persistentVolumeClaim?.claimName).toBe(
        given(claim.metadata?.name, 'claim name'),
      );
    }
    const statusFile = documentPath(probe, 'out', 'api/v1/status');
    const written = probe.volumeMounts?.find((mount) => mount.name === 'data' && isUnder(statusFile, mount.mountPath));
    const served = serve.volumeMounts?.find((mount) => mount.name === 'data' && mount.mountPath === written?.mountPath);
    expect(written).toBeDefined();
    expect(served?.subPath).toBe(written?.subPath);
    expect(isUnder(documentPath(serve, 'public', 'api/v1/status'), served?.mountPath ?? '/nowhere')).toBe(true);
  });

  it('keeps the probe state and history on the claim, outside the served directory', () => {
    const probe = container(podOf(cronJob.spec?.jobTemplate.spec?.template), 'probe');
    const run = findCliInvocation(probe.command ?? []);
    for (const file of [String(run.values.state), String(run.values.history)]) {
      const mount = probe.volumeMounts?.find((candidate) => isUnder(file, candidate.mountPath));
      expect(mount?.name, file).toBe('data');
      expect(mount?.subPath, file).not.toBe(
        probe.volumeMounts?.find((candidate) => candidate.mountPath.endsWith('/public/api'))?.subPath,
      );
      expect(isUnder(file, posix.join(imageWorkdir, 'public')), file).toBe(false);
    }
  });

  it('builds the regions document onto the claim and serves from it', () => {
    const serverPod = podOf(server.spec?.template);
    const build = container(serverPod, 'build', true);
    const mount = mountOf(serverPod, build, 'data');
    expect(isUnder(documentPath(build, 'public', 'api/v1/regions'), mount.mountPath)).toBe(true);
    expect(container(serverPod, 'serve').readinessProbe?.httpGet?.path).toBe('/api/v1/regions');
    expect(server.spec?.template.metadata?.labels).toEqual(
      given(statefulSet.spec?.template.metadata?.labels, 'pod labels'),
    );
  });
});
