import { notificationSettingsInput } from './settings-input';
describe('notification settings: the salon’s own texts', () => {
  const errorsOf = (body: Record<string, unknown>) => {
    const parsed = notificationSettingsInput.safeParse(body);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes a text naming only its message’s placeholders, in either language', () => {
    expect(errorsOf({ text_wallet_reminder_ar: 'رصيدك %{balance} يا %{name}' })).toEqual({});
  });

  it('refuses an unknown placeholder on its own field', () => {
    expect(errorsOf({ text_birthday_en: 'Happy birthday %{name} %{link}' })).toEqual({
      text_birthday_en: 'messaging.unknown_placeholder',
    });
    expect(errorsOf({ text_survey_ar: 'قيّمي %{lnk}' })).toEqual({
      text_survey_ar: 'messaging.unknown_placeholder',
    });
  });
});
