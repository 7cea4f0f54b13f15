import { expect, test } from '@playwright/test';

import { chunkPath, expectNoAxeViolations, gotoInLocale, holdChunk } from './support';
import { text } from './order-steps';

/**
 * Opening /order, the page's code does not wait for the session machine's (issue 14,
 * `loadOpeningPage` in src/start-up/opening-page.ts): the root route awaits the session before its children load,
 * so before, the order route's chunks and its first step were requested only once the session's
 * code had arrived and run. Now they go out alongside it, and the wizard shows once both are there.
 */
test('the order page requests its code and its first step while the session machine is still on its way', async ({ page }) => {
  // The session machine's code comes late (held until released).
  const session = await holdChunk(page, 'src/flows/session/session-actor.ts');
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const firstStep = chunkPath('src/flows/order-wizard/steps/start-traveler-step.tsx');
  const wizard = chunkPath('order-wizard-route');
  const stepRequested = () => requested.includes(firstStep);
  const wizardRequested = () => requested.includes(wizard);

  await gotoInLocale(page, '/order', 'en-US');
  await expect.poll(session.requested).toBe(true);
  await expect.poll(stepRequested, 'the first step (deuti: start and traveler)').toBe(true);
  await expect.poll(wizardRequested, 'the wizard page').toBe(true);

  session.release();
  await expect(page.getByRole('radiogroup', { name: text['en-US'].startMonth })).toBeVisible();
  await expectNoAxeViolations(page);
});
