// @vitest-environment node
import { ApiFailure } from '#src/api/failure';
import { type Failure, failureEndsRequest, failureOf, fieldCodeOf, hasCode, hasStatus, isTransient, messageKeys } from '#src/domain/failure';

/** The one failure model (issue 9, item 3): whatever an actor rejected with, read as one shape. */

const none: Failure = { status: undefined, code: undefined, fieldErrors: [] };

describe('failureOf', () => {
  it.each<[string, unknown, Failure]>([
    [
      'an ApiFailure',
      new ApiFailure(400, { status: 400, code: 'invalid', errors: [{ field: 'billing_address.zip_code', code: 'pattern' }] }),
      { status: 400, code: 'invalid', fieldErrors: [{ field: 'billing_address.zip_code', code: 'pattern' }] },
    ],
    ['a plain { status, code }', { status: 409, code: 'mailAddressAlreadyExists' }, { status: 409, code: 'mailAddressAlreadyExists', fieldErrors: [] }],
    [
      'an object with a problem body',
      Object.assign(new Error('HTTP 400'), {
        problem: { status: 400, code: 'instrumentNotEditable', errors: [{ field: 'iban', code: 'format' }, { field: 1 }] },
      }),
      { status: 400, code: 'instrumentNotEditable', fieldErrors: [{ field: 'iban', code: 'format' }] },
    ],
    ['a network TypeError', new TypeError('Failed to fetch'), none],
    ['null', null, none],
    ['a string', 'boom', none],
  ])('reads %s', (_, error, expected) => {
    expect(failureOf(error)).toEqual(expected);
  });

  it('prefers the failure’s own status and code to its problem body', () => {
    expect(failureOf({ status: 404, code: 'notFound', problem: { status: 400, code: 'other' } })).toMatchObject({ status: 404, code: 'notFound' });
  });

  it.each<[unknown, boolean, boolean, boolean]>([
    // error, hasStatus 409, hasCode 'idempotencyKeyInFlight', isTransient
    [{ status: 409, code: 'idempotencyKeyInFlight' }, true, true, false],
    [{ status: 400 }, false, false, false],
    [{ status: 500 }, false, false, true],
    [{ status: 503 }, false, false, true],
    [new TypeError('Failed to fetch'), false, false, true],
  ])('%j: hasStatus 409 %s, in flight %s, transient %s', (error, conflict, inFlight, transient) => {
    expect([hasStatus(error, 409), hasCode(error, 'idempotencyKeyInFlight'), isTransient(error)]).toEqual([conflict, inFlight, transient]);
  });
});

describe('failureEndsRequest (decision 14: a new Idempotency-Key after it)', () => {
  it.each<[unknown, boolean]>([
    [{ status: 400 }, true],
    [{ status: 401 }, true],
    [{ status: 404 }, true],
    [{ status: 409 }, true],
    [{ status: 409, code: 'mailAddressAlreadyExists' }, true],
    [{ status: 409, code: 'idempotencyKeyInFlight' }, false],
    [{ status: 422, code: 'idempotencyKeyReused' }, false],
    [{ status: 500 }, false],
    [{ status: 503 }, false],
    [new TypeError('Failed to fetch'), false],
    [new ApiFailure(409, { code: 'idempotencyKeyInFlight' }), false],
    [new ApiFailure(400, { code: 'quoteMismatch' }), true],
  ])('%j → %s', (error, expected) => {
    expect(failureEndsRequest(error)).toBe(expected);
  });
});

describe('messageKeys (the SPEC.md section 8 catalogue)', () => {
  it.each<[string, string, unknown]>([
    ['orderSubmit', 'submittingError400', { status: 400, code: 'quoteMismatch' }],
    ['orderSubmit', 'submittingError', { status: 500 }],
    ['orderSubmit', 'submittingError', new TypeError('Failed to fetch')],
    ['register', 'mailAddressAlreadyExists', { status: 409, code: 'mailAddressAlreadyExists' }],
    ['register', 'mailAddressAlreadyExists', { status: 409 }],
    ['register', 'registerFailed', { status: 409, code: 'idempotencyKeyInFlight' }],
    ['register', 'registerFailed', { status: 500 }],
    ['passwordResetRequest', 'requestStep.error403', { status: 403 }],
    ['passwordResetRequest', 'requestStep.error', { status: 500 }],
    ['passwordReset', 'passwordInput.errorInvalid', { status: 400 }],
    ['passwordReset', 'passwordInput.errorInvalid', new TypeError('Failed to fetch')],
    ['termination', 'isAlreadyTerminated', { status: 400 }],
    ['termination', 'terminationFailed', { status: 500 }],
    ['withdrawTermination', 'terminationNotWithdrawable', { status: 409 }],
    ['withdrawTermination', 'withdrawFailed', { status: 500 }],
    ['loadWithdrawTermination', 'withdrawTermination.error', { status: 500 }],
    ['deleteAccount', 'passwordIncorrect', { status: 400, code: 'passwordIncorrect' }],
    ['deleteAccount', 'deleteFailed', { status: 500 }],
    ['emailChange', 'alreadyExists', { status: 409 }],
    ['emailChange', 'alreadyExists', { status: 400, code: 'alreadyExists' }],
    ['emailChange', 'emailChangeFailed', { status: 400 }],
  ])('%s → %s for %j', (situation, key, error) => {
    const keyOf = messageKeys[situation as Exclude<keyof typeof messageKeys, 'paymentInformation'>];
    expect(keyOf(error)).toBe(key);
  });

  it.each([
    ['Blacklist', 'ibanBlacklist'],
    ['Invalid', 'invalidPaymentInformation'],
    [undefined, 'invalidPaymentInformation'],
  ])('paymentInformation: validation result %s → %s', (result, key) => {
    expect(messageKeys.paymentInformation(result)).toBe(key);
  });
});

describe('fieldCodeOf', () => {
  const invalid = new ApiFailure(400, {
    code: 'invalid',
    errors: [
      { field: 'billing_address.zip_code', code: 'pattern' },
      { field: 'traveler.birthdate', code: 'tooYoung' },
      { field: 'birthdate', code: 'required' },
    ],
  });

  it.each([
    ['zip_code', 'pattern'],
    ['billing_address.zip_code', 'pattern'],
    ['birthdate', 'tooYoung'],
    ['traveler.birthdate', 'tooYoung'],
    ['code', undefined],
    ['city', undefined],
  ])('%s → %s', (field, code) => {
    expect(fieldCodeOf(invalid, field)).toBe(code);
  });

  it('finds nothing in a failure without fields', () => {
    expect(fieldCodeOf(new TypeError('Failed to fetch'), 'zip_code')).toBeUndefined();
  });
});
