// The status page's words in English: the catalogue every other language
// falls back to for a key it lacks. A message is text whose `{name}`s the
// page fills (numbers through Intl, times as <time> elements), or, where a
// count decides the words, one text per plural category of the language
// (Intl.PluralRules: English has `one` and `other`). The states' own words
// are the server's labels (src/schemas/state-labels.ts, through
// status-page.shared.js), so English does not repeat them here; every other
// catalogue has `status.*`, `statusInline.*` and `noticeState.*`.
// test/unit/status-page-messages.test.ts checks that every catalogue has
// every key, placeholder and plural category.

export default {
  'page.title': 'Platform status',
  'page.description':
    "Live status of the platform's components, their last 90 days, incidents, notices from the team, and the regions where workloads can run.",
  'page.lede':
    'Every component of the platform right now and over the last 90 days, and the regions where workloads can run.',
  'page.skip': 'Skip to the status',
  'page.subscribe': 'Subscribe to incidents and notices (Atom feed)',
  'page.calendar': 'Planned maintenance in your calendar (iCalendar)',

  // The email form (where the config has "subscribers"): status-page.email-form.js.
  'email.open': 'Get updates by email',
  'email.address': 'Email address',
  'email.components': 'Only some components? Tick them (none ticked: the whole page)',
  'email.language': 'Language of the mails',
  'email.zone': 'Time zone of the mails',
  'email.submit': 'Subscribe',
  'email.sent': 'Check your inbox: if the address can receive mail, a link to confirm the subscription is on its way.',
  'email.tooMany': 'Too many sign-ups from here: try again in {seconds} s.',
  'email.failed': 'The sign-up did not go through. Try again later.',

  'settings.language': 'Language',
  'settings.times': 'Times in',
  'settings.ownZone': 'your time zone ({zone})',
  'settings.utc': 'UTC',

  'summary.heading': 'Current status',
  'summary.loading': 'Loading the status…',
  'summary.allOperational': 'All systems operational',
  'summary.overall': 'Overall status: {status}',
  'summary.withAffected': {
    one: '{status} ({affected} of {count} component affected)',
    other: '{status} ({affected} of {count} components affected)',
  },
  'summary.lastKnown.stale': 'Status out of date. Last known: {status}',
  'summary.lastKnown.future': 'Status time not trustworthy. Last known: {status}',
  'summary.stale': {
    one: 'Stale data: this status is more than {limit} old ({count} probe interval of {interval}), so it may no longer be true. The status probe may have stopped.',
    other:
      'Stale data: this status is more than {limit} old ({count} probe intervals of {interval}), so it may no longer be true. The status probe may have stopped.',
  },
  'summary.future':
    "Untrustworthy data: this status claims a time {ahead} ahead of the server's clock, so a clock is wrong and it may not be true.",
  'summary.showingLast': 'Showing the last status received. {problem}',
  'summary.unavailable': 'Status unavailable',
  'title.fresh': '{status} · {page}',
  'title.stale': 'Stale · last known {status} · {page}',
  'title.future': 'Untrustworthy · last known {status} · {page}',
  'title.unavailable': 'Status unavailable · {page}',

  'problem.unpublished':
    'No status has been published yet ({detail}); the status probe writes one shortly after it starts.',
  'problem.unreachable': 'The status API could not be reached: {detail}.',
  'problem.http': 'The status API answered with an error ({detail}).',
  'problem.invalid': 'The status could not be read: {detail}.',
  'problem.retry': 'This page tries again every {interval}.',
  'fetch.timeout': 'it did not answer in time',
  'fetch.failed': 'the request failed',
  'fetch.not-json': 'the answer is not JSON',
  'fetch.not-status': 'the answer is not a status document',
  'fetch.not-region-list': 'the answer is not a region list',
  'fetch.not-history': 'not a history document',

  'freshness.updated': 'Updated',
  'freshness.ahead': '{duration} in the future',
  'freshness.reporter': 'by the probe in {region}.',

  'status.unknownValue': 'Unknown ({value})',

  'notices.heading': 'From the platform team',
  'notices.now': 'Happening now',
  'notices.upcoming': 'Upcoming maintenance',
  'notice.incident': 'Incident · {state}',
  'notice.maintenance': 'Maintenance · {state}',
  'notice.affects': 'Affects',
  'notice.wholePlatform': 'the whole platform',
  'notice.window': 'Window',
  'notice.windowRange': '{start} to {end}',
  'notice.declared': 'Declared states',
  'notice.postmortem': 'Postmortem',

  'components.heading': 'Components',
  'components.empty': 'No component status yet.',
  'components.noHistory': 'This deployment publishes no history (/api/v1/uptime), so only the current status is shown.',
  'affected.heading': 'Now affected',
  'affected.inGroup': ' in {group}',
  'groups.operational': 'Operational components',
  'groups.allOperational': {
    one: '{count} component, all operational',
    other: '{count} components, all operational',
  },
  'groups.someAffected': {
    one: '{count} component, {affected} affected',
    other: '{count} components, {affected} affected',
  },

  'card.p95Today': 'p95 today: {p95} ms',
  'card.since': 'Since {time} (for {duration}).',
  'card.sinceBecause': 'Since {time} (for {duration}): checks are {reason}.',
  'card.sinceWhy': 'Since {time} (for {duration}): {reason}.',
  'card.sinceDeclared': 'Since {time} (for {duration}). The team reports: {title}',
  'card.maintenanceUntil': 'Planned maintenance until {time}.',
  'card.heartbeatWaiting': 'Waiting for its first heartbeat: not judged until {time}.',
  'card.heartbeatLast': 'Last heartbeat {time}.',
  'card.details': 'Details',
  'card.detailsOf': ': {name}, uptime and latency',
  'card.feed': 'Feed',
  'card.feedOf': ': {name}, incidents and notices (Atom)',
  'card.calendar': 'Calendar',
  'card.calendarOf': ': {name}, planned maintenance (iCalendar)',
  'failure.timeout': 'timing out',
  'failure.refused': 'refusing connections',
  'failure.dns': 'not resolving in DNS',
  'failure.tls': 'failing the TLS handshake',
  'failure.reset': 'resetting connections',
  'failure.error': 'failing with an error',
  'failure.body': 'answering with an unexpected body',
  'failure.status': 'answering with an unexpected status',
  'failure.statusCode': 'answering {code}',
  'failure.other': 'failing',
  'failure.heartbeatMissed': 'no heartbeat arrived in time',
  'failure.heartbeatFailed': 'its last heartbeat reported a failure',
  'failure.heartbeatFailedSaying': 'its last heartbeat reported a failure: {said}',
  'failure.dnsRcode': 'DNS answers {rcode}',
  'failure.dnsRecords': 'DNS answers with unexpected records',
  'failure.grpcHealth': 'its gRPC health check answers {answer}',
  'failure.upstreamReports': 'its provider’s status page reports {state}',
  'failure.upstreamUnreadable': 'its provider’s status page cannot be read',
  'certificate.expired': 'Certificate has expired ({time}).',
  'certificate.withinDay': 'Certificate expires within a day ({time}).',
  'certificate.inDays': {
    one: 'Certificate expires in {count} day ({time}).',
    other: 'Certificate expires in {count} days ({time}).',
  },

  'uptime.overDays': {
    one: '{percent} uptime over the last {count} day',
    other: '{percent} uptime over the last {count} days',
  },
  'uptime.since': '{percent} uptime since {day} (UTC)',
  'uptime.none': 'No uptime measured yet',
  'uptime.noData': 'no data',

  'day.past': '{day} (UTC): {uptime} uptime, {down}',
  'day.today': '{day} (UTC), today so far: {uptime} uptime, {down}',
  'day.withWorst': '{words}; worst: {state}',
  'day.noData': '{day} (UTC): no data',
  'day.noDowntime': 'no downtime',
  'day.down': '{span} down',
  'day.barLabel': {
    one: '{name}, UTC day by UTC day over the last {count} day',
    other: '{name}, UTC day by UTC day over the last {count} days',
  },
  'day.axisStart': {
    one: '{count} day ago',
    other: '{count} days ago',
  },
  'day.axisToday': 'Today (UTC)',

  'details.loading': 'Loading the details…',
  'details.failed': 'The details could not be loaded.',
  'details.failedBecause': 'The details could not be loaded ({detail}).',
  'details.last24h': 'Last 24 hours',
  'details.last7d': 'Last 7 days',
  'details.last30d': 'Last 30 days',
  'details.last90d': 'Last 90 days',
  'details.uptime': '{uptime} uptime',
  'details.uptimeWithCoverage': '{uptime} uptime (data for {coverage} of the time)',
  'latency.label': '{name} latency',
  'latency.none': 'Latency, last 24 hours: no answers to measure.',
  'latency.caption':
    'Latency, last 24 hours: median {last} ms in the latest hour; hourly medians from {lowest} to {largest} ms (bold line: median; faint line: 95th percentile).',
  'latency.captionWithP95':
    'Latency, last 24 hours: median {last} ms in the latest hour (95th percentile {p95} ms); hourly medians from {lowest} to {largest} ms (bold line: median; faint line: 95th percentile).',
  'latency.period': 'Period shown',
  'latency.period24h': '24 hours',
  'latency.period7d': '7 days',
  'latency.period90d': '90 days',
  'latency.last7d': 'last 7 days',
  'latency.last90d': 'last 90 days',
  'latency.captionDays':
    'Latency, {period}: daily medians from {lowest} to {largest} ms (bold line: median; faint line: 95th percentile).',
  'latency.captionDaysWithP95':
    'Latency, {period}: daily medians from {lowest} to {largest} ms, daily 95th percentiles up to {p95} ms (bold line: median; faint line: 95th percentile).',
  'latency.noneDays': 'Latency, {period}: no answers to measure.',
  'latency.pointsOf': '{name} latency, a point for each hour or day (the arrow keys move between them)',
  'latency.point': '{when}: median {p50}, 95th percentile {p95}',
  'latency.ms': '{ms} ms',
  'latency.noAnswer': 'no answer',
  'latency.tableHours': 'Latency by hour',
  'latency.tableDays': 'Latency by day',
  'latency.colHour': 'Hour',
  'latency.colDay': 'Day',
  'latency.colP50': 'Median',
  'latency.colP95': '95th percentile',

  'incidents.heading': 'Incidents',
  'incidents.ongoing': 'Ongoing',
  'incidents.lastDays': {
    one: 'Last {count} day',
    other: 'Last {count} days',
  },
  'incidents.none': {
    one: 'No incidents in the last {count} day.',
    other: 'No incidents in the last {count} days.',
  },
  'incidents.noneOther': {
    one: 'No other incidents in the last {count} day.',
    other: 'No other incidents in the last {count} days.',
  },
  'incidents.started': 'Started',
  'incidents.ended': 'Ended',
  'incidents.ongoingValue': 'ongoing',
  'incidents.lasting': 'Lasting',
  'incidents.lasted': 'Lasted',
  'incidents.checksSaw': 'Checks saw',
  'incidents.seenFrom': 'Seen from',
  'incidents.regionsNone': {
    one: 'none of {count} region saw an outage',
    other: 'none of {count} regions saw an outage',
  },
  'incidents.regionsSome': {
    one: '{affected} of {count} region',
    other: '{affected} of {count} regions',
  },
  'incidents.showOlder': {
    one: 'Show older incidents ({count} more)',
    other: 'Show older incidents ({count} more)',
  },
  'incidents.onRequestNote': {
    one: 'The incidents of the last {count} day are loaded when you ask for them; what is affected now is listed under Components.',
    other:
      'The incidents of the last {count} days are loaded when you ask for them; what is affected now is listed under Components.',
  },
  'incidents.load': {
    one: 'Show the incidents of the last {count} day',
    other: 'Show the incidents of the last {count} days',
  },
  'incidents.loading': 'Loading the incidents…',

  'vantage.heading': 'Seen from every region',
  'vantage.explain':
    "Each region's probe checks the components too. A global component's status is decided by a vote of the regions, so one region's network trouble is not reported as an outage.",
  'vantage.scrollLabel': 'Components by region, a table that scrolls sideways on narrow screens',
  'vantage.caption': 'Components by region',
  'vantage.asOf': 'This region shows the status it publishes; each peer shows what it observed. As of {time}.',
  'vantage.component': 'Component',
  'vantage.thisRegion': 'this region, published',
  'vantage.voteColumn': 'Vote',
  'vantage.observed': 'Observed: {state}',
  'vantage.observedAt': 'observed {time}',
  'vantage.notObserved': 'Not observed',
  'vantage.regional': 'Regional: each region its own',
  'vantage.voteMaintenance': 'Not voted on: inside this region’s maintenance window',
  'vantage.regions': {
    one: '{count} region',
    other: '{count} regions',
  },
  'vantage.voteSee': {
    one: '{count} of {regions} sees an outage',
    other: '{count} of {regions} see an outage',
  },
  'vantage.vote': '{see} ({answered} answered, quorum {quorum})',
  'vantage.voteNoQuorum': 'Holding: no quorum ({answered} of {configured} answered, {quorum} needed); {see}',
  'vantage.stale': 'These observations are {age} old, so they may no longer be true.',
  'vantage.future': "These observations claim a time {ahead} ahead of the server's clock, so they may not be true.",
  'peerOutcome.stale': 'Stale',
  'peerOutcome.future': 'From the future',
  'peerOutcome.unreachable': 'Unreachable',
  'peerOutcome.invalid': 'Invalid',

  'regions.heading': 'Regions',
  'regions.explain':
    "A region's status here is the one declared in the directory by the platform team, not a measurement by the probe.",
  'regions.loading': 'Loading the regions…',
  'regions.none': 'No regions to show.',
  'regions.problem': 'The regions could not be fetched ({detail}).',
  'regions.problemShowingLast': 'The regions could not be fetched ({detail}). Showing the last list received.',
  'regions.count': {
    one: ' · {count} region',
    other: ' · {count} regions',
  },
  'regions.caption': 'Regions in zone {zone}',
  'regions.region': 'Region',
  'regions.country': 'Country',
  'regions.declared': 'Declared status',

  'footer.refresh': 'This page refreshes itself every {interval}.',
  'footer.subscribe': 'Subscribe:',
  'footer.feed': 'Atom feed of incidents and notices',
  'footer.calendar': 'calendar of planned maintenance',
  'footer.machines': 'For machines:',
  'footer.statuspage': "in Statuspage's shape:",
  'footer.reports': 'Monthly reports (uptime, incidents and latency by month)',

  'embed.open': 'Open the status page ({host})',
  'embed.stale': 'Status out of date (last known: {status})',
  'embed.future': 'Status time not trustworthy (last known: {status})',
  'embed.more': {
    one: 'and {count} more component on the status page',
    other: 'and {count} more components on the status page',
  },
};
