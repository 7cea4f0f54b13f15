import { readFileSync } from 'node:fs';

import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';

import { parseRuntimeConfig } from '#src/config/runtime-config';
import { Route as ContactRoute } from '#src/routes/contact';
import { Route as ImprintRoute } from '#src/routes/legal/imprint';
import { renderInRouter } from '../support/render-in-router';

/**
 * The imprint (§ 5 DDG) and the contact page show the operator of config.json: an operator changes
 * the file, not the code. Checked with the sandbox's config.json, in both languages.
 */
const parsed = parseRuntimeConfig(JSON.parse(readFileSync('public/config.json', 'utf8')));
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const { config } = parsed;
const noApi = { api: undefined, queries: undefined, queryClient: new QueryClient() } as never;

// The routes' components as the router renders them (code-split: the router waits for them to load).
const Imprint = ImprintRoute.options.component as () => ReactElement;
const Contact = ContactRoute.options.component as () => ReactElement;

function sectionNamed(name: string | RegExp) {
  return screen.getByRole('region', { name });
}

describe('the imprint', () => {
  it('names the operator, its address, who represents it, its register entry and VAT id, and how to reach it', async () => {
    await renderInRouter(noApi, Imprint, { path: '/legal/imprint', context: { config } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Imprint');
    const provider = sectionNamed(/Provider/);
    expect(provider).toHaveTextContent(`${config.operator.name}${config.operator.street}${config.operator.postalCode} ${config.operator.city}`);
    expect(sectionNamed(/Represented by/)).toHaveTextContent(config.operator.representedBy);
    const contact = sectionNamed(/Contact/);
    expect(within(contact).getByRole('link', { name: config.operator.phone })).toHaveAttribute('href', 'tel:+49301234567');
    expect(within(contact).getByRole('link', { name: config.supportEmail })).toHaveAttribute('href', `mailto:${config.supportEmail}`);
    expect(within(contact).getByRole('link', { name: 'All ways to reach us' })).toHaveAttribute('href', '/contact');
    expect(sectionNamed(/Register and VAT/)).toHaveTextContent(`Register entry: ${config.operator.register!}`);
    expect(sectionNamed(/Register and VAT/)).toHaveTextContent(config.operator.vatId!);
  });

  it('leaves out the register section for an operator without register entry or VAT id, in German', async () => {
    const { register: _register, vatId: _vatId, ...operator } = config.operator;
    await renderInRouter(noApi, Imprint, { path: '/legal/imprint', locale: 'de-DE', context: { config: { ...config, operator } } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Impressum');
    expect(screen.queryByRole('region', { name: /Register/ })).toBeNull();
    expect(sectionNamed(/Vertreten durch/)).toHaveTextContent(config.operator.representedBy);
  });
});

describe('the contact page', () => {
  it('offers email, phone and post, and the ways to do it alone', async () => {
    await renderInRouter(noApi, Contact, { path: '/contact', locale: 'de-DE', context: { config } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kontakt');
    expect(within(sectionNamed(/Per E-Mail/)).getByRole('link')).toHaveAttribute('href', `mailto:${config.supportEmail}`);
    expect(within(sectionNamed(/Per Telefon/)).getByRole('link')).toHaveAttribute('href', 'tel:+49301234567');
    expect(sectionNamed(/Per Post/)).toHaveTextContent(config.operator.name);
    const self = sectionNamed(/Damit wir sofort helfen können/);
    expect(
      within(self)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/app/dashboard/tickets', '/app/dashboard/account', '/cancel-contract']);
  });
});
