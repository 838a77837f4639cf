/** The chat formats recognised by their services' webhook hosts. */
type DetectedFormat = 'generic' | 'slack' | 'discord' | 'teams';

/**
 * The format a webhook URL's host asks for: Slack's incoming webhooks
 * (`hooks.slack.com`), Discord's (`discord.com` and its older
 * `discordapp.com`, under `/api/webhooks/`), Teams' Workflows
 * (`*.logic.azure.com`, `*.powerplatform.com`) and its retired connectors
 * (`*.webhook.office.com`); anything else is `generic`. Pure.
 */
export function detectWebhookFormat(url: string): DetectedFormat {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'generic';
  }
  const host = parsed.hostname.toLowerCase();
  if (host === 'hooks.slack.com') return 'slack';
  const discordHost = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'].includes(host);
  if (discordHost && parsed.pathname.startsWith('/api/webhooks/')) return 'discord';
  if (['.logic.azure.com', '.powerplatform.com', '.webhook.office.com'].some((suffix) => host.endsWith(suffix))) {
    return 'teams';
  }
  return 'generic';
}
