// @vitest-environment node
import { setupI18n } from '@lingui/core';

import { validationMessage } from '#src/i18n/validation-messages';

/**
 * The server's answers to a billing address or traveler change that no form rule foresees (the
 * sandbox's checkContact and changeTraveler) get their own message at the field, not the generic
 * "Please check this entry." (issue 10: edit-contact shows server field errors at their field).
 */
describe('validationMessage', () => {
  const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
  const generic = validationMessage(i18n, 'noSuchCode');

  it.each(['countryNotSupported', 'travelerMustBeSubscriber', 'billingNameChangeNotAllowed'])('%s has a message of its own', (code) => {
    const message = validationMessage(i18n, code);
    expect(message).not.toBe(generic);
    expect(message).not.toContain(code);
  });

  it('falls back to the generic message for an unknown code, never the code itself', () => {
    expect(generic).toBe('Please check this entry.');
  });
});
