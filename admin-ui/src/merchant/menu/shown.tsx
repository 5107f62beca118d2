import { createElement, useCallback } from 'react';
import { useGetResourceLabel, useResourceDefinitions, useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import DefaultIcon from '@mui/icons-material/ViewList';
import { decideAccess } from '../../auth/access';
import { useGlobalInformation } from '../../layout/globalInformationContext';
import { useArea } from '../../shell/area';
import type { MenuEntry } from './groups';

/** An entry as shown: where it goes, its words and icon (only entries this user may follow are shown). */
export type Shown = MenuEntry & { path?: string; text: string; key: string };

/**
 * The entries this user may follow, as shown: her permissions open them, the screen exists here, and
 * their condition holds. The side menu and the groups' index pages show entries through it, so
 * neither ever offers what would only lead to "no permission".
 */
export const useShowEntries = () => {
  const { basename } = useArea();
  const translate = useTranslate();
  const definitions = useResourceDefinitions();
  const resourceLabel = useGetResourceLabel();
  const information = useGlobalInformation<GlobalInformation>();
  const permissions = information?.auth.permissions;
  return useCallback(
    (entries: readonly MenuEntry[]): Shown[] =>
      entries.flatMap((entry, index) => {
        const access =
          entry.access ?? (entry.resource ? { resource: entry.resource, action: 'list' } : undefined);
        if (!access || !decideAccess(permissions, access.resource, access.action)) return [];
        if (entry.when && (!information || !entry.when(information))) return [];
        if (entry.resource && !definitions[entry.resource]) return [];
        const icon = entry.resource
          ? createElement(definitions[entry.resource].icon ?? DefaultIcon)
          : (entry.icon ?? <DefaultIcon />);
        return [
          {
            ...entry,
            key: entry.resource ?? entry.to ?? entry.label ?? String(index),
            icon,
            path: entry.resource
              ? `${basename}/${entry.resource}`
              : entry.to
                ? `${basename}/${entry.to}`
                : undefined,
            text: entry.label ? translate(entry.label) : resourceLabel(entry.resource ?? '', 2),
          },
        ];
      }),
    [basename, translate, definitions, resourceLabel, permissions, information],
  );
};
