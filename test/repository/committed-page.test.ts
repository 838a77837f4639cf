import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { inlinedStyleOf } from '../../src/headers/page-inline-style.js';

/** The page as git has it staged (the build rewrites public/index.html in place; what is committed is the source). */
function stagedPage(): string {
  return execFileSync('git', ['show', ':public/index.html'], { encoding: 'utf8' });
}

describe('the committed status page', () => {
  it('links its style sheet, which the build inlines: no inlined copy is committed to fall out of step with it', () => {
    const page = stagedPage();
    expect(page).toContain('<link rel="stylesheet" href="/status-page.css">');
    expect(inlinedStyleOf(page)).toBeUndefined();
    expect(page).not.toMatch(/<style/i);
  });
});
