#!/usr/bin/env node
import { build } from './commands/build.js';
import { probe } from './commands/probe.js';
import { serve } from './commands/serve.js';
import { standins } from './commands/standins.js';
import { start } from './commands/start.js';
import { uptime } from './commands/uptime.js';
import { verify } from './commands/verify.js';
import { runCommand, UsageError } from './run-command.js';

const USAGE = `Usage: service-directory <command> [options]

Commands:
  build     validate data/regions.json and headers.json; write the regions document,
            OpenAPI, JSON Schemas, public/_headers and dist-exports/
  serve     serve public/ with headers.json applied (PORT, HOST)
  probe     check data/components.json's components and write public/api/v1/status (--once for cron)
  standins  run the stand-in platform: four local HTTP services whose behaviour can be switched
  start     build, launch the stand-ins, serve, and run the probe as a sidecar: the whole system
  verify    check a live deployment against the contract
  uptime    print each component's uptime and incidents over a period, from the probe's history

Run 'service-directory <command> --help' for a command's options.`;

/** Each subcommand lives in ./commands/<name>.ts; this file only dispatches. */
const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  build,
  serve,
  probe,
  standins,
  start,
  verify,
  uptime,
};

const [command, ...rest] = process.argv.slice(2);
await runCommand(async () => {
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  const run = COMMANDS[command];
  if (!run) throw new UsageError(`unknown command: ${command}\n\n${USAGE}`);
  await run(rest);
});
