import { useRouter } from '@tanstack/react-router';

import { selectEditContactView } from '#machines/edit-contact/edit-contact.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideChangeBillingAddress, provideChangeTraveler } from './edit-contact.actors';
import type { ContactOwner } from './edit-contact.actors';

/** The traveler edit of a subscription or an order: its view, and `send` for the screen's events. */
export function useChangeTraveler(owner: ContactOwner, id: string) {
  return useFlow(provideChangeTraveler(owner), { input: { id }, select: selectEditContactView });
}

/** The billing-address change of a subscription or an order; Cancel steps back in the router's history. */
export function useChangeBillingAddress(owner: ContactOwner, id: string) {
  const router = useRouter();
  return useFlow(provideChangeBillingAddress(owner, { canGoBack: () => router.history.canGoBack(), back: () => router.history.back() }), {
    input: { id },
    select: selectEditContactView,
  });
}
