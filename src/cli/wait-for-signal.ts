/** Resolves with the first of SIGTERM or SIGINT; the listeners are removed then. */
export function waitForSignal(): Promise<NodeJS.Signals> {
  const signals = ['SIGTERM', 'SIGINT'] as const;
  return new Promise((resolve) => {
    const handlers = signals.map((signal) => {
      const handler = () => {
        signals.forEach((other, index) => {
          const registered = handlers[index];
          if (registered) process.off(other, registered);
        });
        resolve(signal);
      };
      process.on(signal, handler);
      return handler;
    });
  });
}
