import { runCommand, UsageError } from './run-command.js';

const USAGE = `Usage: service-directory <command> [options]

Commands:
  build     validate data/regions.json and headers.json; write the regions document,
            OpenAPI, JSON Schemas, public/_headers and dist-exports/
  serve     serve public/ with headers.json applied (PORT, HOST)
  probe     check data/components.json's components and write public/api/v1/status (--once for cron)
  heartbeat record a push for a heartbeat component, for a job beside the probe (cron mode)
  standins  run the stand-in platform: four local HTTP services whose behaviour can be switched
  start     build, launch the stand-ins, serve, and run the probe as a sidecar: the whole system
  verify    check a live deployment against the contract
  uptime    print each component's uptime and incidents over a period, from the probe's history
  notice    open, update, resolve an incident notice (declaring components' states), attach
            its postmortem, list the notices: data/notices.json, which the probe publishes
  maintenance  schedule, start and complete a maintenance notice
  demo-regions  three regions on this machine whose probes vote on global components
  mcp       an MCP server over stdio whose read-only tools read a deployment's status (--site URL)

Run 'service-directory <command> --help' for a command's options.`;

type Command = (args: string[]) => Promise<void>;

/**
 * Each subcommand lives in ./commands/<name>.ts; this file only dispatches
 * (./main.ts loads it once the runtime is known to be supported).
 * Loaded on demand, so a command (or --help) pays only for its own imports.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  build: async () => (await import('./commands/build.js')).build,
  serve: async () => (await import('./commands/serve.js')).serve,
  probe: async () => (await import('./commands/probe.js')).probe,
  heartbeat: async () => (await import('./commands/heartbeat.js')).heartbeat,
  standins: async () => (await import('./commands/standins.js')).standins,
  start: async () => (await import('./commands/start.js')).start,
  verify: async () => (await import('./commands/verify.js')).verify,
  uptime: async () => (await import('./commands/uptime.js')).uptime,
  notice: async () => (await import('./commands/notice.js')).notice,
  maintenance: async () => (await import('./commands/notice.js')).maintenance,
  'demo-regions': async () => (await import('./commands/demo-regions.js')).demoRegions,
  mcp: async () => (await import('./commands/mcp.js')).mcp,
};

const [command, ...rest] = process.argv.slice(2);
await runCommand(async () => {
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) throw new UsageError(`unknown command: ${command}\n\n${USAGE}`);
  await (await load())(rest);
});
