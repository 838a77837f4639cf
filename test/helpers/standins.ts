import { afterEach } from 'vitest';
import { type Standin, type StandinOptions, startStandin } from '../../src/standins/start-standin.js';

/**
 * Starts stand-in components on loopback port 0 for one test file, and
 * closes every one of them after each test.
 */
export function useStandins(): (options?: Partial<StandinOptions>) => Promise<Standin> {
  const started: Standin[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((standin) => standin.close()));
  });
  return async (options = {}) => {
    const standin = await startStandin({ name: 'Stand-in', port: 0, ...options });
    started.push(standin);
    return standin;
  };
}
