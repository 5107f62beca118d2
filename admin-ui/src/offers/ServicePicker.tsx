import { useGetList, useInput, useTranslate, ValidationError } from 'ra-core';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { BilingualName } from '../menu/fields';
import { parseTypedNumber } from '../menu/pricing';
import { MENU_RESOURCES, MENU_STATUS, namesOf, type Service } from '../menu/types';
import { useArea } from '../shell/area';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'order', order: 'ASC' as const } };

/** The salon's services; only active ones can be offered, a record's own stay listed so they can be removed. */
export const useOfferableServices = (kept: string[] = []) => {
  const { data, isPending } = useGetList<Service>(MENU_RESOURCES.services, ALL);
  const services = (data ?? []).filter((s) => s.status === MENU_STATUS.active || kept.includes(s.id));
  return { services, isPending };
};

type Item = { service_id: string; sessions: number | string };

/**
 * The services of an offer (`service_ids`) or a package (`items` with sessions): a checklist with each
 * service's price before VAT, so the total the price must stay below is plain to see.
 */
export const ServicePicker = ({ source, withSessions }: { source: string; withSessions?: boolean }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const { money } = useFormat();
  const { field, fieldState, isRequired } = useInput({ source, defaultValue: [] });
  const value = (Array.isArray(field.value) ? field.value : []) as Array<string | Item>;
  const ids = value.map((v) => (typeof v === 'string' ? v : v.service_id));
  const { services, isPending } = useOfferableServices(ids);
  const error = fieldState.error?.message;

  const toggle = (id: string, on: boolean) => {
    if (withSessions) {
      const items = value as Item[];
      field.onChange(
        on ? [...items, { service_id: id, sessions: 1 }] : items.filter((i) => i.service_id !== id),
      );
    } else field.onChange(on ? [...ids, id] : ids.filter((x) => x !== id));
  };
  const setSessions = (id: string, sessions: string) =>
    field.onChange(
      (value as Item[]).map((i) =>
        i.service_id === id ? { ...i, sessions: parseTypedNumber(sessions) as string } : i,
      ),
    );

  if (isPending)
    return (
      <Box>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  if (services.length === 0)
    return (
      <Typography color="text.secondary" data-testid="no-services">
        {translate('app.offers.no_services')}
      </Typography>
    );
  return (
    <Box sx={{ width: '100%' }} data-testid={`picker-${source}`}>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {translate(`resources.menu/${withSessions ? 'packages' : 'offers'}.fields.${source}`)}
        {isRequired ? ' *' : ''}
      </Typography>
      <Box
        sx={{
          maxHeight: 320,
          overflowY: 'auto',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
        }}
      >
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('app.offers.service')}</TableCell>
              <TableCell align="right">{translate('app.offers.service_price')}</TableCell>
              {withSessions && <TableCell>{translate('app.offers.sessions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {services.map((service) => {
              const checked = ids.includes(service.id);
              const item = withSessions
                ? (value as Item[]).find((i) => i.service_id === service.id)
                : undefined;
              return (
                <TableRow
                  key={service.id}
                  hover
                  selected={checked}
                  data-testid="pick-service"
                  data-id={service.id}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={checked}
                      onChange={(e) => toggle(service.id, e.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': namesOf(service, language).main,
                          'data-testid': 'pick',
                        } as object,
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <BilingualName item={service} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(service.price_minor)}
                  </TableCell>
                  {withSessions && (
                    <TableCell sx={{ width: 120 }}>
                      {item && (
                        <TextField
                          size="small"
                          value={item.sessions}
                          onChange={(e) => setSessions(service.id, e.target.value)}
                          slotProps={{
                            htmlInput: {
                              inputMode: 'numeric',
                              'aria-label': translate('app.offers.sessions'),
                              'data-testid': 'sessions',
                            },
                          }}
                        />
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {error && (
        <FormHelperText error data-testid={`${source}-error`}>
          <ValidationError error={error} />
        </FormHelperText>
      )}
    </Box>
  );
};
