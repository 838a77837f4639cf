import type { CheckResult } from '../checks/check-endpoint.js';
import { type CertificateWarning, judgeCertificate } from '../checks/judge-certificate.js';
import type { PeerObservations } from '../peers/fetch-peer-observations.js';
import { type VoteResult, voteOnComponent } from '../peers/vote-on-component.js';
import type { Scope } from '../schemas/observations.js';
import type { ComponentMemory } from '../schemas/probe-state.js';
import { rankStatus, type StatusValue } from '../schemas/status-value.js';
import type { CheckSettings, ComponentSettings, ProbeSettings } from '../settings/probe-settings.js';
import { isUnderMaintenance } from '../time/is-under-maintenance.js';
import { applyThresholds } from './apply-thresholds.js';
import { classifyComponent } from './classify-component.js';
import type { Declaration, Declarations } from './declarations.js';
import { fingerprintChecks } from './fingerprint-checks.js';

/** One check of one component, with what it found. */
export interface CheckOutcome {
  readonly check: CheckSettings;
  readonly result: CheckResult;
}

/** What a cycle saw and decided for one component. */
export interface ComponentOutcome {
  readonly name: string;
  readonly checks: readonly CheckOutcome[];
  readonly underMaintenance: boolean;
  readonly scope: Scope;
  /** What this region's own checks made of it, before the vote and thresholds. */
  readonly observed: StatusValue;
  /** The vote, for a global component. */
  readonly vote: VoteResult | undefined;
  /** The earliest certificate of its checks that expires within their `min_certificate_days`, if any. */
  readonly certificateWarning?: CertificateWarning | undefined;
  /**
   * The state published: the worse of the probe's (`memory.published`, after
   * the vote and the thresholds) and the team's declaration. Every output
   * repeats this one.
   */
  readonly published: StatusValue;
  /** The open incident notice whose declaration was published, when it is at least as bad as the probe's word. */
  readonly declaration: Declaration | undefined;
  /** The state published before this cycle; `undefined` on the first observation. */
  readonly before: StatusValue | undefined;
  /** Memory was set aside because it was about other checks (URL, timeout, expected statuses changed). */
  readonly checksChanged: boolean;
  readonly memory: ComponentMemory;
}

/** What one component's decision is made from, in a cycle whose checks are done. */
export interface ComponentInputs {
  readonly component: ComponentSettings;
  /** Its checks, with what each found this cycle. */
  readonly checks: readonly CheckOutcome[];
  /** Its memory from the previous published cycle, if any. */
  readonly remembered: ComponentMemory | undefined;
  /** Every configured peer as this cycle received it. */
  readonly peers: readonly PeerObservations[];
  readonly settings: ProbeSettings;
  readonly declarations: Declarations;
  /** When the cycle's checks finished: maintenance windows and certificates are judged at it. */
  readonly finishedAt: Date;
}

/**
 * One component's state this cycle, in the order the decisions apply: its
 * observed state (maintenance, checks, certificates), the vote for a global
 * one, flapping protection, then the team's declaration, at once. Pure.
 */
export function decideComponent({
  component,
  checks,
  remembered,
  peers,
  settings,
  declarations,
  finishedAt,
}: ComponentInputs): ComponentOutcome {
  const underMaintenance =
    isUnderMaintenance(component.name, settings.maintenance, finishedAt) ||
    isUnderMaintenance(component.name, declarations.maintenance, finishedAt);
  const warnings = checks.map(({ check, result }) =>
    judgeCertificate(result.certificate, check.minCertificateDays, finishedAt),
  );
  const certificateWarning = earliestWarning(warnings);
  const observed = classifyComponent(
    checks.map(({ check: { degradedMs }, result }, index) => ({
      result,
      degradedMs,
      certificateDue: warnings[index] !== undefined,
    })),
    underMaintenance,
  );
  const fingerprint = fingerprintChecks(component.checks);
  // Memory belongs to the checks that made it; memory from before fingerprints is taken as the current checks'.
  const checksChanged = remembered?.fingerprint !== undefined && remembered.fingerprint !== fingerprint;
  const previous = checksChanged ? undefined : remembered;
  const vote =
    component.scope === 'global'
      ? voteOnComponent({
          own: { region: settings.regionCode, status: observed },
          peers: peers.flatMap((peer) => {
            const status = peer.outcome === 'fresh' ? peer.components.get(component.name) : undefined;
            return status === undefined ? [] : [{ region: peer.region, status }];
          }),
          configured: 1 + settings.peers.length,
          published: previous?.published,
        })
      : undefined;
  // Flapping protection applies after the vote, to what the vote decided.
  const judged = applyThresholds(previous, vote?.status ?? observed, settings);
  // The team's word applies after both, at once: a declaration is not a measurement to confirm. It never hides
  // a worse state the probe publishes.
  const held = declarations.states.get(component.name);
  const declaration = held !== undefined && rankStatus(held.state) >= rankStatus(judged.published) ? held : undefined;
  const memory: ComponentMemory = {
    name: component.name,
    ...judged,
    fingerprint,
    ...(declaration === undefined ? {} : { declared: declaration.state }),
  };
  return {
    name: component.name,
    checks,
    underMaintenance,
    scope: component.scope,
    observed,
    vote,
    certificateWarning,
    published: declaration?.state ?? judged.published,
    declaration,
    before: previous === undefined ? undefined : (previous.declared ?? previous.published),
    checksChanged,
    memory,
  };
}

/** The warning about the certificate that expires first, of those in their window. */
function earliestWarning(warnings: readonly (CertificateWarning | undefined)[]): CertificateWarning | undefined {
  let earliest: CertificateWarning | undefined;
  for (const warning of warnings) {
    if (warning !== undefined && (earliest === undefined || warning.expiresAtMs < earliest.expiresAtMs))
      earliest = warning;
  }
  return earliest;
}
