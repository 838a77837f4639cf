import { z } from 'zod';
import { FailureClassSchema } from './failure-class.js';
import { LabelSchema } from './label.js';
import { RegionSchema } from './region.js';
import { TimestampSchema } from './service-status.js';
import { StatusValueSchema } from './status-value.js';

/** A region code as the directory has it (`ams1`). */
const RegionCodeSchema = RegionSchema.shape.code;

const CountSchema = z.number().int().min(0);

/** How a component is seen: one shared thing seen from every region, or each region's own. */
export const ScopeSchema = z.enum(['global', 'regional']);
export type Scope = z.infer<typeof ScopeSchema>;

/** One vantage point's vote: what that region's probe observed of the component. */
export const RegionVoteSchema = z
  .strictObject({ region: RegionCodeSchema, status: StatusValueSchema })
  .meta({ title: 'RegionVote' });

/** The vote on a global component this cycle, as `voteOnComponent` decided it. */
export const VoteReportSchema = z
  .strictObject({
    outcome: z.enum(['decided', 'no_quorum', 'maintenance']).meta({
      description:
        '`decided`: a quorum of vantage points voted; `no_quorum`: too few fresh vantage points, the published ' +
        'state holds; `maintenance`: inside this region’s maintenance window, not voted on.',
    }),
    status: StatusValueSchema.meta({ description: 'The state the vote gave, before flapping protection.' }),
    configured: z.number().int().min(1).meta({ description: 'Vantage points configured: this region and its peers.' }),
    quorum: z.number().int().min(1).meta({ description: 'A majority of the configured vantage points.' }),
    answered: CountSchema.meta({ description: 'Vantage points whose fresh observation counted, this one included.' }),
    outage: CountSchema.meta({ description: 'Of those, how many saw an outage (partial or major).' }),
    summary: z
      .string()
      .min(1)
      .meta({
        description: 'The vote in words.',
        examples: ['3 of 4 regions see an outage (quorum 3): major_outage'],
      }),
    votes: z
      .array(RegionVoteSchema)
      .meta({ description: 'Each counted vantage point’s observed state, this one first.' }),
  })
  .meta({ title: 'VoteReport' });
export type VoteReport = z.infer<typeof VoteReportSchema>;

/** What this region's own checks saw of one component this cycle. */
export const ComponentObservationSchema = z
  .strictObject({
    name: LabelSchema,
    scope: ScopeSchema,
    status: StatusValueSchema.meta({ description: 'The observed state, before the vote and flapping protection.' }),
    failure_class: FailureClassSchema.nullable().meta({
      description: 'Why the first failed check failed; null if none failed.',
    }),
    failure_reason: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .meta({
        description:
          'Why the first failed check failed, in words: the failure class’s reason (`timeout`, `unexpected status ' +
          '503`) or, for `body`, the condition that failed and what was found, cut short and escaped. Null if none ' +
          'failed; left out by probes older than this field.',
        examples: ['body at "/status" is "degraded", expected "ok"', 'unexpected status 503'],
      }),
    certificate_expires_at: TimestampSchema.nullable()
      .optional()
      .meta({
        description:
          'When the first certificate to expire, of those the component’s https checks were served this cycle ' +
          '(leaf and chain), expires. Null without a TLS handshake (http, tcp, a failed handshake); left out by ' +
          'probes older than this field.',
      }),
    certificate_warning: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .meta({
        description:
          'When that certificate expires within the check’s `min_certificate_days`, which makes the component ' +
          '`degraded_performance`: the expiry in words. Null otherwise; left out by probes older than this field.',
        examples: ['certificate expires 2026-12-01 03:00 UTC, in 6 days'],
      }),
    latency_ms: CountSchema.meta({ description: 'The slowest check of the component, in milliseconds.' }),
    vote: VoteReportSchema.nullable().meta({
      description: 'The vote, for a global component; null for a regional one.',
    }),
  })
  .meta({ title: 'ComponentObservation' });
export type ComponentObservation = z.infer<typeof ComponentObservationSchema>;

/** How one peer's observations were received this cycle. */
export const PeerReportSchema = z
  .strictObject({
    region: RegionCodeSchema,
    outcome: z.enum(['fresh', 'stale', 'future', 'unreachable', 'invalid']).meta({
      description:
        'Only `fresh` observations vote. `stale`: older than the limit; `future`: ahead of this clock past the ' +
        'skew allowance; `unreachable`: no answer in time, or not 200; `invalid`: too big, not JSON, or not an ' +
        'observations document of that region.',
    }),
    observed_at: TimestampSchema.nullable().meta({ description: 'The peer’s own time of observation, when valid.' }),
    components: z
      .array(z.strictObject({ name: LabelSchema, status: StatusValueSchema }))
      .meta({ description: 'What the peer observed of this region’s components (display only), when fresh.' }),
  })
  .meta({ title: 'PeerReport' });
export type PeerReport = z.infer<typeof PeerReportSchema>;

/**
 * The `/api/v1/observations` body: what this region's probe saw in its last
 * cycle, before thresholds, and how the vote on global components went.
 * Peers read it to vote; it is an addition beside v1, not part of the contract.
 */
export const ObservationsDocumentSchema = z
  .strictObject({
    version: z.literal('v1'),
    region: RegionCodeSchema.meta({ description: 'The code of the region whose probe observed.' }),
    observed_at: TimestampSchema.meta({ description: 'When the cycle’s checks finished.' }),
    components: z.array(ComponentObservationSchema),
    peers: z.array(PeerReportSchema).meta({ description: 'The configured peers, in region code order.' }),
  })
  .meta({ title: 'Observations', description: 'What one region’s probe observed, and the votes it counted.' });
export type ObservationsDocument = z.infer<typeof ObservationsDocumentSchema>;
