import { FEED_PATH } from '../api-paths.js';
import { listFeedScopes } from '../feed/feed-scopes.js';

/** What every mail links to and names, decided once at start-up. */
export interface MailPage {
  /** The page's name, in every subject. */
  readonly name: string;
  /** `public_url`, without a trailing slash: the page, its feeds, the confirmation page. */
  readonly publicUrl: string;
  /** The subscription endpoint, without a trailing slash: manage and unsubscribe links. */
  readonly endpoint: string;
  /** Each component's feed, as an absolute URL. */
  readonly feeds: ReadonlyMap<string, string>;
  /** The whole page's feed. */
  readonly feed: string;
  /** The components, in config order: the manage page's choices. */
  readonly components: readonly string[];
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/** The page a mail names and links to, from the config's components, `public_url` and endpoint. Pure. */
export function describeMailPage(
  name: string,
  publicUrl: string,
  endpoint: string,
  components: readonly { readonly name: string; readonly group?: string | undefined }[],
): MailPage {
  const base = withoutSlash(publicUrl);
  return {
    name,
    publicUrl: base,
    endpoint: withoutSlash(endpoint),
    feeds: new Map(
      listFeedScopes(components)
        .filter((scope) => scope.kind === 'component')
        .map((scope) => [scope.name, `${base}${scope.path}`]),
    ),
    feed: `${base}${FEED_PATH}`,
    components: components.map((component) => component.name),
  };
}
