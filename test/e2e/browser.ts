import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's chromium; the project never downloads a browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Everything a page did wrong, as seen from outside it. */
export interface PageProblems {
  /** `console.error` calls, CSP violations and resources the browser reported as failed. */
  readonly consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  readonly pageErrors: string[];
  /** Requests that got no response at all. */
  readonly failedRequests: string[];
  /** Responses with a 4xx or 5xx status. */
  readonly errorResponses: string[];
}

/** Starts recording a page's problems; call before navigating. */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], failedRequests: [], errorResponses: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.errorResponses.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** Waits until the page has rendered its first answer for both documents. */
export async function waitForFirstRender(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const overall = document.getElementById('overall');
    const zones = document.getElementById('zones');
    return overall?.dataset.status !== 'loading' && zones?.dataset.rendered !== undefined;
  });
}

/** WCAG contrast ratio of two `rgb(…)`/`rgba(…)` colours as `getComputedStyle` gives them. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function relativeLuminance(colour: string): number {
  const match = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(colour);
  if (!match) throw new Error(`not an rgb colour: ${colour}`);
  const [, r = '', g = '', b = ''] = match;
  const linear = (channel: string) => {
    const c = Number(channel) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const AXE_SOURCE_FILE = 'node_modules/axe-core/axe.min.js';

/** One axe-core finding, kept short enough to read in a failed assertion. */
export interface AxeViolation {
  readonly id: string;
  readonly help: string;
  readonly targets: string[];
}

/**
 * Runs axe-core in the page and returns its violations. The script is
 * evaluated through the DevTools protocol, which the page's CSP does not
 * govern, so the policy stays on while axe looks at the page.
 */
export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  const source = await readFile(AXE_SOURCE_FILE, 'utf8');
  await page.evaluate(source);
  const { violations, passes } = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; help: string; nodes: { target: unknown[] }[] }[];
            passes: unknown[];
          }>;
        };
      }
    ).axe;
    const results = await axe.run();
    return {
      passes: results.passes.length,
      violations: results.violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      })),
    };
  });
  // A run that checked nothing must not pass for a clean page.
  if (passes === 0) throw new Error('axe-core ran no passing rule: it did not look at the page');
  return violations;
}
