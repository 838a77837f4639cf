import {
  type ComponentObservation,
  type ObservationsDocument,
  ObservationsDocumentSchema,
  type PeerReport,
  type VoteReport,
} from '../../src/schemas/observations.js';
import { formatTimestamp } from '../../src/schemas/service-status.js';
import type { StatusValue } from '../../src/schemas/status-value.js';
import { COMPONENT_NAMES } from './history-fixtures.js';

/**
 * `/api/v1/observations` as the page is shown it in the browser tests, built
 * from a few facts and parsed with the real schema so it cannot drift from
 * what the probe publishes.
 */

/** This region: Amsterdam 1, as the status fixtures name it. */
export const THIS_REGION = 'ams1';

const OUTAGES: readonly StatusValue[] = ['partial_outage', 'major_outage'];

/** A vote as `voteOnComponent` reports it, counted from the fresh vantage points' states. */
function vote(
  configured: number,
  votes: readonly { region: string; status: StatusValue }[],
  status: StatusValue,
): VoteReport {
  const quorum = Math.floor(configured / 2) + 1;
  const outage = votes.filter((each) => OUTAGES.includes(each.status)).length;
  const outcome = votes.length >= quorum ? 'decided' : 'no_quorum';
  return {
    outcome,
    status,
    configured,
    quorum,
    answered: votes.length,
    outage,
    summary: `${outage} of ${configured} regions see an outage (quorum ${quorum}): ${status}`,
    votes: [...votes],
  };
}

/** What each vantage point saw of one component; `global` components are voted on by the fresh ones. */
export interface Sighting {
  readonly name: (typeof COMPONENT_NAMES)[number];
  readonly global: boolean;
  /** By region code, this region first; a peer left out did not answer freshly. */
  readonly seen: Readonly<Record<string, StatusValue>>;
  /** The state the vote gave, for a global component. */
  readonly voted?: StatusValue;
}

/** The observations of `THIS_REGION` and its peers, validated by the schema. */
export function observationsDocument(
  now: Date,
  sightings: readonly Sighting[],
  peers: readonly Omit<PeerReport, 'components'>[],
): ObservationsDocument {
  const configured = 1 + peers.length;
  const fresh = peers.filter((peer) => peer.outcome === 'fresh').map((peer) => peer.region);
  const components: ComponentObservation[] = sightings.map((sighting) => {
    const own = sighting.seen[THIS_REGION] ?? 'operational';
    const votes = [THIS_REGION, ...fresh]
      .filter((region) => sighting.seen[region] !== undefined)
      .map((region) => ({ region, status: sighting.seen[region] as StatusValue }));
    return {
      name: sighting.name,
      scope: sighting.global ? 'global' : 'regional',
      status: own,
      failure_class: OUTAGES.includes(own) ? 'timeout' : null,
      latency_ms: 120,
      vote: sighting.global && peers.length > 0 ? vote(configured, votes, sighting.voted ?? own) : null,
    };
  });
  return ObservationsDocumentSchema.parse({
    version: 'v1',
    region: THIS_REGION,
    observed_at: formatTimestamp(new Date(now.getTime() - 2_000)),
    components,
    peers: peers.map((peer) => ({
      ...peer,
      components:
        peer.outcome === 'fresh'
          ? sightings.flatMap((sighting) => {
              const status = sighting.seen[peer.region];
              return status ? [{ name: sighting.name, status }] : [];
            })
          : [],
    })),
  });
}

/** A single-region deployment: observations with no peers, so the page shows no matrix. */
export function singleRegionObservations(now: Date): ObservationsDocument {
  return observationsDocument(
    now,
    COMPONENT_NAMES.map((name) => ({ name, global: false, seen: { [THIS_REGION]: 'operational' } })),
    [],
  );
}
