import {
  DEFAULT_PLATFORM_SETTINGS,
  PLATFORM_TENANT,
  streamName,
  type PlatformSettings,
  type PlatformSettingsChanged,
} from '@rawnaq/contracts';

/** One stream holds the platform's settings; a platform without it runs on the defaults. */
export const platformSettingsStream = streamName('platformsettings', PLATFORM_TENANT, 'platform');

export const evolvePlatformSettings = (
  state: PlatformSettings,
  event: PlatformSettingsChanged,
): PlatformSettings => ({ ...state, ...event.data.changed });

/** Records only what changes, with its old value (the audit log shows both). */
export const decidePlatformSettings = (
  wanted: Partial<PlatformSettings>,
  state: PlatformSettings,
): PlatformSettingsChanged[] => {
  const changed: Partial<PlatformSettings> = {};
  const previous: Partial<PlatformSettings> = {};
  for (const key of Object.keys(wanted) as Array<keyof PlatformSettings>)
    if (wanted[key] !== undefined && wanted[key] !== state[key]) {
      changed[key] = wanted[key];
      previous[key] = state[key];
    }
  return Object.keys(changed).length
    ? [{ type: 'PlatformSettingsChanged', data: { changed, previous } }]
    : [];
};

export const initialPlatformSettings: PlatformSettings = DEFAULT_PLATFORM_SETTINGS;
