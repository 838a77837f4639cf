/**
 * Preloaded into a child process (`--import`) to step its wall clock the way
 * NTP steps a machine's, without touching the machine's: each SIGUSR2 moves
 * `Date` (and only `Date`; the monotonic clock and timers are untouched) by
 * `STEPPED_DATE_STEP_MS`, negative for a step back.
 */
const RealDate = Date;
let offsetMs = 0;
const stepMs = Number(process.env.STEPPED_DATE_STEP_MS ?? '0');

class SteppedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...(args as [string | number | Date]));
  }

  static override now(): number {
    return RealDate.now() + offsetMs;
  }
}

globalThis.Date = SteppedDate as DateConstructor;
process.on('SIGUSR2', () => {
  offsetMs += stepMs;
  console.log(`stepped-date: wall clock moved by ${stepMs} ms`);
});
