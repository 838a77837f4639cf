import { z } from 'zod';

/** The parts of a GitHub Actions workflow the recipe test looks at. */
export const WorkflowStepSchema = z.looseObject({
  name: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  with: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  env: z.record(z.string(), z.string()).optional(),
});
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;

export const WorkflowSchema = z.looseObject({
  name: z.string(),
  on: z.looseObject({
    push: z.looseObject({ branches: z.array(z.string()).optional(), paths: z.array(z.string()).optional() }).optional(),
    workflow_dispatch: z.unknown().optional(),
  }),
  permissions: z.record(z.string(), z.string()).optional(),
  jobs: z.record(z.string(), z.looseObject({ 'runs-on': z.string(), steps: z.array(WorkflowStepSchema).min(1) })),
});
export type Workflow = z.infer<typeof WorkflowSchema>;
