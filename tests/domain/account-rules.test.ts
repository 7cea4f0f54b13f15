import fc from 'fast-check';
import * as v from 'valibot';

import {
  changePasswordSchema,
  deleteAccountSchema,
  emailSchema,
  fieldIssues,
  isValidEmail,
  newPasswordSchema,
  passwordProblems,
  passwordSchema,
  registrationSchema,
} from '#src/domain/account-rules';

const firstCode = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? 'ok' : result.issues[0]?.message;
};

describe('email (SPEC.md 5.2: required, a general email pattern)', () => {
  it.each([
    ['name@example.com', 'ok'],
    ['erika.mustermann@example.de', 'ok'],
    ['first.last+tag@sub.example.co.uk', 'ok'],
    ["o'brien@example.ie", 'ok'],
    ['  padded@example.com  ', 'ok'],
    ['UPPER@EXAMPLE.COM', 'ok'],
    ['', 'required'],
    ['   ', 'required'],
    ['plainaddress', 'invalidEmail'],
    ['@example.com', 'invalidEmail'],
    ['name@', 'invalidEmail'],
    ['name@example', 'invalidEmail'],
    ['name@@example.com', 'invalidEmail'],
    ['na me@example.com', 'invalidEmail'],
    ['name@exam ple.com', 'invalidEmail'],
    ['.name@example.com', 'invalidEmail'],
    ['name.@example.com', 'invalidEmail'],
    ['name..x@example.com', 'invalidEmail'],
    ['name@-example.com', 'invalidEmail'],
    [`${'a'.repeat(250)}@example.com`, 'emailTooLong'],
    [undefined, 'required'],
  ])('%j → %s', (input, expected) => {
    expect(firstCode(emailSchema, input)).toBe(expected);
  });

  it('trims the address', () => {
    expect(v.parse(emailSchema, '  name@example.com ')).toBe('name@example.com');
  });

  it('accepts every address fast-check generates (that fits the length limit)', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((address) => address.length <= 254),
        (address) => isValidEmail(address),
      ),
    );
  });

  it('refuses any text without exactly one @ between non-empty parts', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes('@')),
        (text) => !isValidEmail(text),
      ),
    );
    fc.assert(fc.property(fc.emailAddress(), fc.emailAddress(), (left, right) => !isValidEmail(`${left}@${right}`)));
  });

  it('refuses an address with white space inside', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.nat(), fc.constantFrom(' ', '\t', '\n'), (address, at, space) => {
        const index = 1 + (at % (address.length - 1));
        return !isValidEmail(address.slice(0, index) + space + address.slice(index));
      }),
    );
  });
});

describe('password (SPEC.md 5.2: 8+ characters with a lowercase and an uppercase letter, a digit and a special character)', () => {
  it.each([
    ['Demo-Portal-2026!', []],
    ['Abcdef1!', []],
    ['Äbcdefg1#', []],
    ['pässWort9 x?', []],
    ['', ['required', 'passwordTooShort', 'passwordLowercase', 'passwordUppercase', 'passwordDigit', 'passwordSpecial']],
    ['Abcde1!', ['passwordTooShort']],
    ['abcdefg1!', ['passwordUppercase']],
    ['ABCDEFG1!', ['passwordLowercase']],
    ['Abcdefgh!', ['passwordDigit']],
    ['Abcdefgh1', ['passwordSpecial']],
    ['Abcdefg1 ', ['passwordSpecial']],
    ['abcdefgh', ['passwordUppercase', 'passwordDigit', 'passwordSpecial']],
    [`Aa1!${'x'.repeat(125)}`, ['passwordTooLong']],
  ])('%j → %j', (input, expected) => {
    expect(passwordProblems(input)).toEqual(expected);
  });

  it('the first problem of an empty password is "required"', () => {
    expect(firstCode(passwordSchema, '')).toBe('required');
  });

  const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöüß');
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ');
  const digit = fc.constantFrom(...'0123456789');
  const special = fc.constantFrom(...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~€§');
  const any = fc.oneof(lower, upper, digit, special);

  it('accepts every password of 8 to 128 characters that has one of each kind', () => {
    fc.assert(
      fc.property(lower, upper, digit, special, fc.array(any, { minLength: 4, maxLength: 124 }), fc.infiniteStream(fc.nat()), (l, u, d, s, rest, order) => {
        const chars = [l, u, d, s, ...rest];
        // A shuffle, so the required kinds are not always in front.
        for (let i = chars.length - 1; i > 0; i--) {
          const j = order.next().value % (i + 1);
          [chars[i], chars[j]] = [chars[j]!, chars[i]!];
        }
        return passwordProblems(chars.join('')).length === 0;
      }),
    );
  });

  it('refuses every password shorter than 8 characters', () => {
    fc.assert(fc.property(fc.string({ maxLength: 7 }), (password) => passwordProblems(password).includes('passwordTooShort') || password === ''));
  });

  it('refuses every password that lacks one kind of character', () => {
    const kinds = {
      passwordLowercase: [upper, digit, special],
      passwordUppercase: [lower, digit, special],
      passwordDigit: [lower, upper, special],
      passwordSpecial: [lower, upper, digit],
    } as const;
    for (const [code, allowed] of Object.entries(kinds)) {
      fc.assert(fc.property(fc.array(fc.oneof(...allowed), { minLength: 8, maxLength: 40 }), (chars) => passwordProblems(chars.join('')).includes(code)));
    }
  });
});

describe('repeatPassword (SPEC.md 5.2: must match password)', () => {
  it('passes when both match', () => {
    expect(v.safeParse(newPasswordSchema, { password: 'Abcdef1!', repeatPassword: 'Abcdef1!' }).success).toBe(true);
  });

  it('reports passwordMismatch on repeatPassword', () => {
    const result = v.safeParse(newPasswordSchema, { password: 'Abcdef1!', repeatPassword: 'Abcdef1?' });
    expect(result.success).toBe(false);
    expect(fieldIssues(result.issues ?? [])).toEqual([{ field: 'repeatPassword', code: 'passwordMismatch' }]);
  });

  it('any two different valid passwords mismatch', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ minLength: 1, maxLength: 20 }), (a, b) => {
        fc.pre(a !== b);
        const password = `Aa1!${a}`;
        const result = v.safeParse(newPasswordSchema, { password, repeatPassword: `Aa1!${b}` });
        return !result.success && fieldIssues(result.issues).some((issue) => issue.field === 'repeatPassword' && issue.code === 'passwordMismatch');
      }),
    );
  });
});

describe('forms built from the rules', () => {
  it('registration needs the privacy statement and reports every field', () => {
    const result = v.safeParse(registrationSchema, {
      mailAddress: 'nope',
      password: 'short',
      repeatPassword: 'short',
      isPrivacyStatementAccepted: false,
    });
    expect(result.success).toBe(false);
    const fields = fieldIssues(result.issues ?? []).map((issue) => `${issue.field}:${issue.code}`);
    expect(fields).toContain('mailAddress:invalidEmail');
    expect(fields).toContain('password:passwordTooShort');
    expect(fields).toContain('isPrivacyStatementAccepted:privacyStatementRequired');
  });

  it('registration passes with valid data, marketing optional', () => {
    const result = v.safeParse(registrationSchema, {
      mailAddress: ' new@example.com ',
      password: 'Abcdef1!',
      repeatPassword: 'Abcdef1!',
      isPrivacyStatementAccepted: true,
    });
    expect(result.success && result.output).toEqual({
      mailAddress: 'new@example.com',
      password: 'Abcdef1!',
      repeatPassword: 'Abcdef1!',
      isPrivacyStatementAccepted: true,
      isMarketingInformationAccepted: false,
    });
  });

  it('change password requires the old password', () => {
    const result = v.safeParse(changePasswordSchema, { oldPassword: '', password: 'Abcdef1!', repeatPassword: 'Abcdef1!' });
    expect(fieldIssues(result.issues ?? [])).toEqual([{ field: 'oldPassword', code: 'required' }]);
  });

  it('delete account requires a password (any)', () => {
    expect(v.safeParse(deleteAccountSchema, { password: '' }).success).toBe(false);
    expect(v.safeParse(deleteAccountSchema, { password: 'x' }).success).toBe(true);
  });

  it('fieldIssues prefixes a field path', () => {
    const result = v.safeParse(v.object({ email: emailSchema }), { email: 'x' });
    expect(fieldIssues(result.issues ?? [], 'body')).toEqual([{ field: 'body.email', code: 'invalidEmail' }]);
  });
});
