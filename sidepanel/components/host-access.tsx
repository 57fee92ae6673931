/**
 * Firefox only: MV3 host permissions are opt-in there (the user may withhold or revoke "Access your
 * data for all websites"), and without them no page can be read. The panel explains why and asks,
 * through `permissions.request`, which needs this click as its user gesture
 * (https://extensionworkshop.com/documentation/develop/manifest-v3-migration-guide/#host-permissions).
 * Chrome grants manifest host permissions at install, so the Chrome build never renders this.
 */
import { useEffect, useState } from 'preact/hooks';
import { BROWSER } from '../../shared/browser-target';

const ALL_SITES = { origins: ['<all_urls>'] };

export function HostAccess() {
  const [granted, setGranted] = useState<boolean | null>(null);
  useEffect(() => {
    if (BROWSER !== 'firefox') return;
    const check = () => void chrome.permissions.contains(ALL_SITES).then(setGranted);
    check();
    chrome.permissions.onAdded.addListener(check);
    chrome.permissions.onRemoved.addListener(check);
    return () => {
      chrome.permissions.onAdded.removeListener(check);
      chrome.permissions.onRemoved.removeListener(check);
    };
  }, []);
  if (BROWSER !== 'firefox' || granted !== false) return null;
  return (
    <section class="panel-notices host-access" data-testid="host-access" role="alert">
      <p>
        Weaverbird needs access to the websites you ask it about, to read and operate their pages. Firefox leaves that
        to you: nothing is read until you allow it, and you can revoke it under Add-ons › Weaverbird › Permissions.
      </p>
      <button type="button" onClick={() => void chrome.permissions.request(ALL_SITES).then(setGranted)}>
        Allow access to websites
      </button>
    </section>
  );
}
