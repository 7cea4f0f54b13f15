/**
 * Whether this device keeps the signed-in customer's ticket for offline use (issue 29): yes unless
 * the customer said no in My data. A device's choice, not the account's: kept in localStorage.
 */
/** Its localStorage key: `no` there means this device keeps nothing. */
export const keepPreferenceKey = 'portal.offlineTicket.keep';
const key = keepPreferenceKey;

export function readKeepPreference(storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  try {
    return storage.getItem(key) !== 'no';
  } catch {
    return true;
  }
}

export function writeKeepPreference(keep: boolean, storage: Pick<Storage, 'setItem' | 'removeItem'> = window.localStorage): void {
  try {
    if (keep) storage.removeItem(key);
    else storage.setItem(key, 'no');
  } catch {
    // A browser without storage keeps nothing either way.
  }
}
