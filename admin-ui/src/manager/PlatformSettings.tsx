import { Edit, NumberInput, SimpleForm } from 'react-admin';
import { useTranslate } from 'ra-core';
import Typography from '@mui/material/Typography';

/** The platform's settings (doc1 §2 manager route platform-setting): one record, id `platform`. */
export const PlatformSettingsEdit = () => {
  const translate = useTranslate();
  return (
    <Edit
      id="platform"
      resource="platform-setting/platform-setting"
      redirect={false}
      mutationMode="pessimistic"
      title={translate('resources.platform-setting/platform-setting.name', { smart_count: 1 })}
    >
      <SimpleForm>
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.platform_settings.sign_in_block_hint')}
        </Typography>
        <NumberInput source="sign_in_block_minutes" min={1} max={1440} step={1} />
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.platform_settings.session_hint')}
        </Typography>
        <NumberInput source="session_idle_minutes" min={5} max={10080} step={1} />
        <NumberInput source="session_max_hours" min={1} max={2160} step={1} />
      </SimpleForm>
    </Edit>
  );
};
