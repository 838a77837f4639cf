import { describe, expect, it } from 'vitest';
import { labelRequestPath, OTHER_PATH_LABEL } from '../../../src/metrics/request-path-label.js';
import { countedPaths } from '../../../src/server/counted-paths.js';

describe('labelRequestPath', () => {
  const known = countedPaths();
  it.each([
    ['/api/v1/status', '/api/v1/status'],
    ['/api/v1/status?x=1', '/api/v1/status'],
    ['/healthz', '/healthz'],
    ['/', '/'],
    ['/feed.atom', '/feed.atom'],
    ['/api/v1/status/', OTHER_PATH_LABEL],
    ['/API/V1/STATUS', OTHER_PATH_LABEL],
    ['/wp-login.php', OTHER_PATH_LABEL],
    ['', OTHER_PATH_LABEL],
  ])('labels %j as %j', (url, label) => {
    expect(labelRequestPath(url, known)).toBe(label);
  });
});
