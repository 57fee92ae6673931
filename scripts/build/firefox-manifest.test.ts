import { describe, expect, it } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };
import { finishFirefoxManifest, firefoxInputManifest, GECKO_ID } from './firefox-manifest';

describe('the Firefox manifest, derived from manifest.json', () => {
  const input = firefoxInputManifest({ ...manifest, version: '1.2.3' });

  it('runs the worker as an event page, drops Chrome-only keys and permissions, names the add-on', () => {
    expect(input.background).toEqual({ scripts: [manifest.background.service_worker], type: 'module' });
    expect(input).not.toHaveProperty('minimum_chrome_version');
    expect(input.permissions).not.toContain('debugger');
    expect(input.permissions).not.toContain('sidePanel');
    expect(input.permissions).toContain('scripting');
    expect(input.host_permissions).toEqual(['<all_urls>']);
    expect(input.browser_specific_settings).toMatchObject({ gecko: { id: GECKO_ID, strict_min_version: '140.0' } });
    expect(input.commands).toHaveProperty('_execute_sidebar_action');
    expect(input.commands).not.toHaveProperty('_execute_action');
  });

  it('turns the built side panel into a sidebar with the toolbar icon', () => {
    const built: Record<string, unknown> = { ...input, side_panel: { default_path: 'sidepanel/index.html' } };
    finishFirefoxManifest(built);
    expect(built).not.toHaveProperty('side_panel');
    expect(built.sidebar_action).toMatchObject({
      default_panel: 'sidepanel/index.html',
      default_icon: manifest.action.default_icon,
      open_at_install: false,
    });
  });
});
