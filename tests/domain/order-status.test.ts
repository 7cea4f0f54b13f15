import fc from 'fast-check';

import { byDisplayedStatus, displayedStatus, isAlreadyCancelled, orderType, toOrderListItem } from '#src/domain/order-status';

describe('order status (SPEC.md 4.3)', () => {
  it.each([
    ['inprogress', 'ordered', 'order'],
    ['submitted', 'ordered', 'order'],
    ['verified', 'ordered', 'order'],
    ['approved', 'ordered', 'order'],
    ['accepted', 'ordered', 'order'],
    ['fulfilled', 'active', 'subscription'],
    ['terminated', 'canceled', 'subscription'],
    ['rejected', 'revoked', 'order'],
    ['', 'revoked', 'order'],
    ['Fulfilled', 'revoked', 'order'],
  ])('%j is displayed as %s, a %s', (raw, status, type) => {
    expect(displayedStatus(raw)).toBe(status);
    expect(orderType(raw)).toBe(type);
  });

  it('sorts active, ordered, canceled, revoked, keeping the order within a status', () => {
    const items = ['revoked', 'ordered', 'active', 'canceled', 'ordered', 'active'].map((status, index) => ({ status, index }) as never);
    expect(byDisplayedStatus(items).map((item: { status: string; index: number }) => `${item.status}${item.index}`)).toEqual([
      'active2',
      'active5',
      'ordered1',
      'ordered4',
      'canceled3',
      'revoked0',
    ]);
  });

  it('sorting never loses or invents an item', () => {
    const status = fc.constantFrom('active', 'ordered', 'canceled', 'revoked');
    fc.assert(
      fc.property(fc.array(fc.record({ status, id: fc.nat() })), (items) => {
        const sorted = byDisplayedStatus(items as never[]);
        return sorted.length === items.length && items.every((item) => sorted.includes(item as never));
      }),
    );
  });

  it('treats revoked and canceled subscriptions as already cancelled', () => {
    expect(isAlreadyCancelled('revoked')).toBe(true);
    expect(isAlreadyCancelled('canceled')).toBe(true);
    expect(isAlreadyCancelled('active')).toBe(false);
  });

  it('maps a raw order to the displayed list item', () => {
    expect(
      toOrderListItem({
        id: 'o1',
        order_items: [{ buy_on: '2027-01-01' }],
        terminated_at: null,
        order_status: 'fulfilled',
        order_number: 'A-1',
        traveler_first_name: 'Erika',
        traveler_last_name: 'Mustermann',
      }),
    ).toEqual({
      id: 'o1',
      buyOn: '2027-01-01',
      terminatedAt: undefined,
      status: 'active',
      type: 'subscription',
      number: 'A-1',
      travelerFirstName: 'Erika',
      travelerLastName: 'Mustermann',
    });
  });
});
