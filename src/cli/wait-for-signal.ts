import { nudgeMemoryReducer } from './memory-reducer-nudge.js';

/**
 * Resolves with the first of SIGTERM or SIGINT; the listeners are removed then.
 * Every command that runs until stopped ends here, so this is also where the
 * process keeps V8's memory reducer working while it waits
 * (./memory-reducer-nudge.ts); the nudge stops with the first signal.
 */
export function waitForSignal(): Promise<NodeJS.Signals> {
  const signals = ['SIGTERM', 'SIGINT'] as const;
  const stopNudging = nudgeMemoryReducer();
  return new Promise((resolve) => {
    const handlers = signals.map((signal) => {
      const handler = () => {
        signals.forEach((other, index) => {
          const registered = handlers[index];
          if (registered) process.off(other, registered);
        });
        stopNudging();
        resolve(signal);
      };
      process.on(signal, handler);
      return handler;
    });
  });
}
