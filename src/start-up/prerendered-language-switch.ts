import { i18n, switchLocale } from '#src/i18n/i18n';
import { isLocale, type Locale } from '#src/i18n/locales';

/** The name of the language switch's radio buttons (src/routes/-shell/language-switch.tsx). */
export const languageSwitchName = 'portal-language';

function chosenLocale(target: EventTarget | null): Locale | undefined {
  return target instanceof HTMLInputElement && target.name === languageSwitchName && target.checked && isLocale(target.value) ? target.value : undefined;
}

/**
 * The language switch of a prerendered page (src/start-up/prerender-guard.ts: the start page, /order's first
 * step) works before the app has taken the page over, as the app's own switch does. It is the
 * browser's own radio buttons, so a choice made while only the markup is there is kept by the
 * markup (the checked button), and the app's first render would replace it with the language the
 * page started in: on a slow connection or machine, a pressed "English" was lost. The choice the
 * markup holds is switched to before the first render; one made while the app renders its first
 * page comes as a change event, and Lingui's provider follows it when it mounts.
 */
export async function followPrerenderedLanguageSwitch(prerendered: Element): Promise<void> {
  prerendered.addEventListener('change', (event) => void follow(chosenLocale(event.target)));
  await follow(chosenLocale(prerendered.querySelector(`input[name="${languageSwitchName}"]:checked`)));
}

/** Switches to a language chosen in the markup; a failed download leaves the page in its language (the switch can be pressed again). */
function follow(locale: Locale | undefined): Promise<void> {
  return locale && locale !== i18n.locale ? switchLocale(locale).catch(() => undefined) : Promise.resolve();
}
