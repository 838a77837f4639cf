import { REGIONS_PATH, STATUS_MARKDOWN_PATH } from '../api-paths.js';
import { errorMessage } from '../errors/describe-error.js';
import { staleAfterMs } from '../freshness/judge-freshness.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { renderStatusMarkdown } from '../markdown/render-status-markdown.js';
import type { Notice } from '../schemas/notice.js';
import { type Region, RegionListSchema } from '../schemas/region.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { publishDocumentStep } from './publish-document-step.js';
import type { PublishStep, StepParts } from './publish-step.js';

export interface StatusMarkdownStepOptions {
  /** The probe's schedule interval: the status goes stale three of them after `updated_at`. */
  readonly intervalMs: number;
  /** `public_url`, for absolute links. */
  readonly siteUrl: string | undefined;
}

/**
 * Writes `/status.md` from each published cycle: the status as published,
 * the notices it applied (the last ones read, while none can be), the
 * incidents the history just wrote, and the regions the build published.
 */
export function publishStatusMarkdownStep(
  parts: StepParts,
  { intervalMs, siteUrl }: StatusMarkdownStepOptions,
): PublishStep {
  let notices: readonly Notice[] = [];
  let regions: readonly Region[] | undefined;
  const step = publishDocumentStep(parts, {
    name: 'status.md',
    path: STATUS_MARKDOWN_PATH,
    render: ({ status, history }) =>
      renderStatusMarkdown({
        status,
        staleAfter: formatTimestamp(new Date(Date.parse(status.updated_at) + staleAfterMs(intervalMs))),
        notices,
        incidents: history()?.incidents.incidents,
        regions,
        siteUrl,
      }),
  });
  return {
    ...step,
    async run(cycle) {
      notices = cycle.notices ?? notices;
      // The build's document, a few kilobytes: read each cycle, so that a new build shows without a restart.
      regions = await readOptionalDocument(parts.publicDir.fileOf(REGIONS_PATH), RegionListSchema).then(
        (list) => list?.data,
        (error: unknown) => {
          parts.log.error(`status.md: regions not read: ${errorMessage(error)}`);
          return regions;
        },
      );
      return step.run(cycle);
    },
  };
}
