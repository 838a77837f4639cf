import { z } from 'zod';

/**
 * The parts of Kubernetes objects the recipe tests look at. Loose objects:
 * every other field is allowed and ignored, as the API server would check it.
 * Hand-written: no Kubernetes validator (kubeconform, kubectl --dry-run) installs
 * from npm or Debian here, and a real check needs an API server.
 */
const HttpProbeSchema = z.looseObject({
  httpGet: z.looseObject({ path: z.string(), port: z.union([z.number(), z.string()]) }),
  periodSeconds: z.number().optional(),
  failureThreshold: z.number().optional(),
});
export type HttpProbe = z.infer<typeof HttpProbeSchema>;

export const ContainerSchema = z.looseObject({
  name: z.string(),
  image: z.string(),
  command: z.array(z.string()).optional(),
  args: z.array(z.string()).optional(),
  workingDir: z.string().optional(),
  env: z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).optional(),
  ports: z.array(z.looseObject({ name: z.string().optional(), containerPort: z.number() })).optional(),
  volumeMounts: z
    .array(
      z.looseObject({
        name: z.string(),
        mountPath: z.string(),
        subPath: z.string().optional(),
        readOnly: z.boolean().optional(),
      }),
    )
    .optional(),
  livenessProbe: HttpProbeSchema.optional(),
  readinessProbe: HttpProbeSchema.optional(),
  startupProbe: HttpProbeSchema.optional(),
  securityContext: z
    .looseObject({
      allowPrivilegeEscalation: z.boolean().optional(),
      readOnlyRootFilesystem: z.boolean().optional(),
      runAsNonRoot: z.boolean().optional(),
      runAsUser: z.number().optional(),
    })
    .optional(),
});
export type Container = z.infer<typeof ContainerSchema>;

export const PodSpecSchema = z.looseObject({
  containers: z.array(ContainerSchema).min(1),
  initContainers: z.array(ContainerSchema).optional(),
  restartPolicy: z.string().optional(),
  volumes: z.array(
    z.looseObject({
      name: z.string(),
      emptyDir: z.looseObject({}).optional(),
      persistentVolumeClaim: z.looseObject({ claimName: z.string() }).optional(),
      configMap: z.looseObject({ name: z.string() }).optional(),
    }),
  ),
  securityContext: z.looseObject({ runAsNonRoot: z.boolean().optional(), runAsUser: z.number().optional() }).optional(),
});
export type PodSpec = z.infer<typeof PodSpecSchema>;

const LabelsSchema = z.record(z.string(), z.string());

export const DeploymentSchema = z.looseObject({
  apiVersion: z.literal('apps/v1'),
  kind: z.literal('Deployment'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    selector: z.looseObject({ matchLabels: LabelsSchema }),
    template: z.looseObject({ metadata: z.looseObject({ labels: LabelsSchema }), spec: PodSpecSchema }),
  }),
});
export type Deployment = z.infer<typeof DeploymentSchema>;

export const StatefulSetSchema = z.looseObject({
  apiVersion: z.literal('apps/v1'),
  kind: z.literal('StatefulSet'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    serviceName: z.string(),
    selector: z.looseObject({ matchLabels: LabelsSchema }),
    template: z.looseObject({ metadata: z.looseObject({ labels: LabelsSchema }), spec: PodSpecSchema }),
    volumeClaimTemplates: z
      .array(
        z.looseObject({
          metadata: z.looseObject({ name: z.string() }),
          spec: z.looseObject({
            accessModes: z.array(z.string()),
            resources: z.looseObject({ requests: z.looseObject({ storage: z.string() }) }),
          }),
        }),
      )
      .optional(),
  }),
});
export type StatefulSet = z.infer<typeof StatefulSetSchema>;

export const CronJobSchema = z.looseObject({
  apiVersion: z.literal('batch/v1'),
  kind: z.literal('CronJob'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    schedule: z.string(),
    concurrencyPolicy: z.string().optional(),
    jobTemplate: z.looseObject({ spec: z.looseObject({ template: z.looseObject({ spec: PodSpecSchema }) }) }),
  }),
});
export type CronJob = z.infer<typeof CronJobSchema>;

export const ServiceSchema = z.looseObject({
  apiVersion: z.literal('v1'),
  kind: z.literal('Service'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    selector: LabelsSchema,
    ports: z.array(z.looseObject({ port: z.number(), targetPort: z.union([z.number(), z.string()]) })).min(1),
  }),
});

export const PersistentVolumeClaimSchema = z.looseObject({
  apiVersion: z.literal('v1'),
  kind: z.literal('PersistentVolumeClaim'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({ accessModes: z.array(z.string()) }),
});

/** Any object: enough to pick a document by kind before parsing it properly. */
export const KindSchema = z.looseObject({ kind: z.string() });
