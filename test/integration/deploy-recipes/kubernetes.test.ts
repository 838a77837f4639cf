import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import cron from 'node-cron';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { findCliInvocation } from '../../helpers/cli-invocation.js';
import {
  type Container,
  type CronJob,
  CronJobSchema,
  type Deployment,
  DeploymentSchema,
  KindSchema,
  PersistentVolumeClaimSchema,
  type PodSpec,
  ServiceSchema,
  type StatefulSet,
  StatefulSetSchema,
} from '../../helpers/kubernetes-schemas.js';
import { instructionsOf, parseDockerfile } from '../../helpers/parse-dockerfile.js';

/** Reads a multi-document manifest; a YAML error fails the test. */
async function readManifest(file: string): Promise<unknown[]> {
  const documents = parseAllDocuments(await readFile(file, 'utf8'));
  if (!Array.isArray(documents)) throw new Error(`${file}: not a YAML stream`);
  return documents.map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map(String).join('; ')}`);
    return document.toJS();
  });
}

function pick<T extends z.ZodType>(documents: unknown[], kind: string, schema: T): z.output<T> {
  const matching = documents.filter((document) => KindSchema.safeParse(document).data?.kind === kind);
  expect(matching, kind).toHaveLength(1);
  return schema.parse(matching[0]);
}

function container(pod: PodSpec, name: string, init = false): Container {
  const found = (init ? pod.initContainers : pod.containers)?.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${init ? 'init ' : ''}container named ${name}`);
  return found;
}

function mountOf(pod: PodSpec, holder: Container, volume: string) {
  const mount = holder.volumeMounts?.find((candidate) => candidate.name === volume);
  if (!mount) throw new Error(`${holder.name} does not mount ${volume}`);
  expect(pod.volumes.some((candidate) => candidate.name === volume)).toBe(true);
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
let statefulSet: StatefulSet;
let sidecarPod: PodSpec;

beforeAll(async () => {
  const stages = parseDockerfile(await readFile('deploy/docker/Dockerfile', 'utf8'));
  const final = stages.at(-1);
  const workdir = final ? instructionsOf(final, 'WORKDIR').at(-1)?.args : undefined;
  if (!workdir) throw new Error('the Dockerfile sets no WORKDIR in its final stage');
  imageWorkdir = workdir;
  sidecarManifest = await readManifest('deploy/kubernetes/statefulset.yaml');
  cronManifest = await readManifest('deploy/kubernetes/cronjob.yaml');
  statefulSet = pick(sidecarManifest, 'StatefulSet', StatefulSetSchema);
  sidecarPod = statefulSet.spec.template.spec;
});

/** Where a container's `--out`/`--public` directory puts an API document. */
function documentPath(holder: Container, flag: 'out' | 'public', urlPath: string): string {
  const run = findCliInvocation(holder.command ?? []);
  return posix.join(posix.resolve(holder.workingDir ?? imageWorkdir, String(run.values[flag])), urlPath);
}

describe('Kubernetes StatefulSet (probe as a sidecar)', () => {
  it('runs the server and the probe sidecar, both from the same image', () => {
    const serve = container(sidecarPod, 'serve');
    const probe = container(sidecarPod, 'probe');
    expect(findCliInvocation(serve.command ?? []).command).toBe('serve');
    const probeRun = findCliInvocation(probe.command ?? []);
    expect(probeRun.command).toBe('probe');
    expect(probeRun.values.once).toBeUndefined();
    expect(probe.image).toBe(serve.image);
  });

  it('shares one emptyDir between server and probe, mounted at the API directory the server serves', () => {
    const serve = container(sidecarPod, 'serve');
    const probe = container(sidecarPod, 'probe');
    const served = mountOf(sidecarPod, serve, 'public-api');
    const written = mountOf(sidecarPod, probe, 'public-api');
    expect(sidecarPod.volumes.find((volume) => volume.name === 'public-api')?.emptyDir).toBeDefined();
    expect(written.mountPath).toBe(served.mountPath);
    expect(isUnder(documentPath(probe, 'out', 'api/v1/status'), written.mountPath)).toBe(true);
    expect(isUnder(documentPath(serve, 'public', 'api/v1/status'), served.mountPath)).toBe(true);
    expect(served.readOnly).toBe(true);
    expect(written.readOnly).not.toBe(true);
  });

  it('builds the regions document into the shared volume before the server starts', () => {
    const build = container(sidecarPod, 'build', true);
    const mount = mountOf(sidecarPod, build, 'public-api');
    expect(findCliInvocation(build.command ?? []).command).toBe('build');
    expect(build.image).toBe(container(sidecarPod, 'serve').image);
    expect(mount.mountPath).toBe(mountOf(sidecarPod, container(sidecarPod, 'serve'), 'public-api').mountPath);
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
    expect(serve.readinessProbe?.httpGet.path).toBe('/api/v1/regions');
    const named = serve.ports?.find((port) => port.name === serve.readinessProbe?.httpGet.port);
    expect(named?.containerPort).toBe(Number(envOf(serve, 'PORT')));
    expect(envOf(serve, 'HOST')).toBe('0.0.0.0');
  });

  it('keeps the probe state and history on a claim per replica, outside the served directory', () => {
    const probe = container(sidecarPod, 'probe');
    const run = findCliInvocation(probe.command ?? []);
    const claim = statefulSet.spec.volumeClaimTemplates?.find((template) => template.metadata.name === 'probe-state');
    expect(claim?.spec.accessModes).toEqual(['ReadWriteOnce']);
    // A claim, never an emptyDir: a rescheduled pod keeps its uptime and incidents.
    expect(sidecarPod.volumes.some((volume) => volume.name === 'probe-state')).toBe(false);
    for (const file of [String(run.values.state), String(run.values.history)]) {
      const mount = probe.volumeMounts?.find((candidate) => isUnder(file, candidate.mountPath));
      expect(mount?.name, file).toBe('probe-state');
      expect(isUnder(file, posix.join(imageWorkdir, 'public')), file).toBe(false);
    }
  });

  it('reads the probe config from a ConfigMap', () => {
    const probe = container(sidecarPod, 'probe');
    const config = String(findCliInvocation(probe.command ?? []).values.config);
    const mount = probe.volumeMounts?.find((candidate) => isUnder(config, candidate.mountPath));
    expect(sidecarPod.volumes.find((volume) => volume.name === mount?.name)?.configMap?.name).toBe(
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
    const service = ServiceSchema.parse((await readManifest('deploy/kubernetes/service.yaml'))[0]);
    expect(service.spec.selector).toEqual(statefulSet.spec.template.metadata.labels);
    expect(statefulSet.spec.selector.matchLabels).toEqual(statefulSet.spec.template.metadata.labels);
    expect(statefulSet.spec.serviceName).toBe(service.metadata.name);
    const target = service.spec.ports[0]?.targetPort;
    expect(container(sidecarPod, 'serve').ports?.some((port) => port.name === target)).toBe(true);
  });
});

describe('Kubernetes CronJob variant (probe --once on a schedule)', () => {
  let cronJob: CronJob;
  let server: Deployment;

  beforeAll(() => {
    cronJob = pick(cronManifest, 'CronJob', CronJobSchema);
    server = pick(cronManifest, 'Deployment', DeploymentSchema);
  });

  it('runs one probe cycle every minute and never two at once', () => {
    expect(cron.validate(cronJob.spec.schedule)).toBe(true);
    expect(cronJob.spec.schedule).toBe('* * * * *');
    expect(cronJob.spec.concurrencyPolicy).toBe('Forbid');
    const pod = cronJob.spec.jobTemplate.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    expect(findCliInvocation(container(pod, 'probe').command ?? [])).toMatchObject({
      command: 'probe',
      values: { once: true },
    });
  });

  it('shares a claim with the server, since a Job cannot share a pod’s emptyDir', () => {
    const claim = pick(cronManifest, 'PersistentVolumeClaim', PersistentVolumeClaimSchema);
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const jobPod = cronJob.spec.jobTemplate.spec.template.spec;
    const serverPod = server.spec.template.spec;
    const probe = container(jobPod, 'probe');
    const serve = container(serverPod, 'serve');
    for (const pod of [jobPod, serverPod]) {
      expect(pod.volumes.find((volume) => volume.name === 'data')?.persistentVolumeClaim?.claimName).toBe(
        claim.metadata.name,
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
    const probe = container(cronJob.spec.jobTemplate.spec.template.spec, 'probe');
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
    const serverPod = server.spec.template.spec;
    const build = container(serverPod, 'build', true);
    const mount = mountOf(serverPod, build, 'data');
    expect(isUnder(documentPath(build, 'public', 'api/v1/regions'), mount.mountPath)).toBe(true);
    expect(container(serverPod, 'serve').readinessProbe?.httpGet.path).toBe('/api/v1/regions');
    expect(server.spec.template.metadata.labels).toEqual(statefulSet.spec.template.metadata.labels);
  });
});
