import { useTranslate } from 'ra-core';
import { deviceOf, shownIp } from '../auth/deviceOf';
import { useFormat } from '../format/useFormat';

/**
 * Why the session ended, in words: for a sign-in elsewhere (`auth.session_replaced`), who signed in,
 * on which browser and system, when (in this browser's time) and from which address; otherwise the
 * message itself.
 */
export const SessionEndedText = ({
  messageKey,
  params,
}: {
  messageKey: string;
  params: Record<string, string | number>;
}) => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  if (messageKey !== 'auth.session_replaced')
    return <>{translate(messageKey, { ...params, _: translate('auth.session_expired') })}</>;
  const device = deviceOf(String(params.user_agent ?? ''));
  const isolate = (text: string) => `\u2068${text}\u2069`;
  return (
    <span data-testid="session-replaced">
      {translate('app.auth.session_replaced', {
        name: isolate(String(params.name ?? '')),
        username: isolate(String(params.username ?? '')),
        device:
          device.os === 'unknown'
            ? translate(`app.auth.devices.${device.browser}`)
            : translate('app.auth.device', {
                browser: translate(`app.auth.devices.${device.browser}`),
                os: translate(`app.auth.devices.${device.os}`),
              }),
        time: isolate(dateTime(params.at)),
      })}
      {params.ip
        ? ` ${translate('app.auth.session_replaced_ip', { ip: `\u2066${shownIp(String(params.ip))}\u2069` })}`
        : ''}{' '}
      {translate('app.auth.session_replaced_advice')}
    </span>
  );
};
