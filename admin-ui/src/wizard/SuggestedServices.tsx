import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';

type Named = { id: string; name_en: string; name_ar: string };
type Suggested = Named & { group_id: string; duration_minutes: number };

const ALL = `range=${encodeURIComponent('[0,199]')}`;

/**
 * The platform's suggested services (the manager's `platform-setting/suggested-*`), by group: the owner
 * ticks a group or some of its services and adds them to her menu in one command (all or nothing; one
 * already on her menu by name is left as it is). Nothing shows when the platform suggests nothing.
 */
export const SuggestedServices = ({ onAdded }: { onAdded: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { language } = useArea();
  const dataProvider = useAppDataProvider();
  const [groups, setGroups] = useState<Named[]>([]);
  const [services, setServices] = useState<Suggested[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all([
      dataProvider.send<Named[]>('GET', `platform-lists/suggested-groups?${ALL}`),
      dataProvider.send<Suggested[]>('GET', `platform-lists/suggested-services?${ALL}`),
    ])
      .then(([g, s]) => {
        if (!live) return;
        setGroups(Array.isArray(g) ? g : []);
        setServices(Array.isArray(s) ? s : []);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  const byGroup = useMemo(
    () =>
      groups
        .map((g) => ({ group: g, services: services.filter((s) => s.group_id === g.id) }))
        .filter((x) => x.services.length > 0),
    [groups, services],
  );
  if (byGroup.length === 0) return null;
  const name = (x: Named) => (language === 'ar' ? x.name_ar || x.name_en : x.name_en || x.name_ar);
  const toggle = (ids: string[], on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const add = async () => {
    setBusy(true);
    try {
      const answer = await dataProvider.send<{ added: number }>('POST', 'services/from-suggestions', {
        service_ids: [...picked],
      });
      notify('app.wizard.services.suggestions_added', {
        type: 'success',
        messageArgs: { count: answer.added },
      });
      setPicked(new Set());
      onAdded();
    } catch (e) {
      if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="wizard-suggestions">
      <Typography variant="subtitle1" color="primary" sx={{ pt: 2, fontWeight: 600 }}>
        {translate('app.wizard.services.suggestions')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.wizard.services.suggestions_hint')}
      </Typography>
      {byGroup.map(({ group, services: inGroup }) => {
        const ids = inGroup.map((s) => s.id);
        const count = ids.filter((id) => picked.has(id)).length;
        return (
          <Box key={group.id} sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={count === ids.length}
                  indeterminate={count > 0 && count < ids.length}
                  onChange={(e) => toggle(ids, e.target.checked)}
                />
              }
              label={<bdi style={{ fontWeight: 600 }}>{name(group)}</bdi>}
            />
            <Box sx={{ paddingInlineStart: 3, display: 'flex', flexDirection: 'column' }}>
              {inGroup.map((s) => (
                <FormControlLabel
                  key={s.id}
                  control={
                    <Checkbox
                      size="small"
                      checked={picked.has(s.id)}
                      onChange={(e) => toggle([s.id], e.target.checked)}
                      data-testid="wizard-suggestion"
                    />
                  }
                  label={
                    <span>
                      <bdi>{name(s)}</bdi> ·{' '}
                      {translate('app.wizard.services.minutes', { count: s.duration_minutes })}
                    </span>
                  }
                />
              ))}
            </Box>
          </Box>
        );
      })}
      <Button
        variant="outlined"
        startIcon={<PlaylistAddIcon />}
        sx={{ mt: 1 }}
        disabled={busy || picked.size === 0}
        onClick={() => void add()}
        data-testid="wizard-add-suggestions"
      >
        {translate('app.wizard.services.add_suggestions', { count: picked.size })}
      </Button>
    </Box>
  );
};
