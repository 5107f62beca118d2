import { Menu } from 'react-admin';
import { useCanAccess } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import { wizardStepsOf } from '@rawnaq/contracts';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import LanguageIcon from '@mui/icons-material/Language';
import NotificationsIcon from '@mui/icons-material/Notifications';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';

/**
 * The settings screens after "General settings" in the side menu (doc1 §2 `setting/...`), for those
 * who may read settings (page 12, 70), and the setup wizard while it is unfinished (71).
 */
export const SettingsMenuItems = () => {
  const { basename } = useArea();
  const settings = useCanAccess({ resource: 'settings', action: 'show' });
  const wizard = useCanAccess({ resource: 'wizard', action: 'show' });
  const information = useGlobalInformation<GlobalInformation>();
  const done = information?.global_informations.account.wizard_progress ?? [];
  const country = information?.global_informations.account.country_id;
  const unfinished = wizardStepsOf(country).some((step) => !done.includes(step));
  return (
    <>
      {settings.canAccess && (
        <>
          <Menu.Item
            to={`${basename}/setting/invoice-setting`}
            primaryText="app.menu.invoice_settings"
            leftIcon={<ReceiptIcon />}
          />
          <Menu.Item
            to={`${basename}/setting/notifications-setting`}
            primaryText="app.menu.notifications_settings"
            leftIcon={<NotificationsIcon />}
          />
          <Menu.Item
            to={`${basename}/setting/online-setting`}
            primaryText="app.menu.online_settings"
            leftIcon={<LanguageIcon />}
          />
          <Menu.ResourceItem name="setting/einvoicing-setting" />
          <Menu.ResourceItem name="cancellation-reasons" />
        </>
      )}
      {wizard.canAccess && unfinished && (
        <Menu.Item to={`${basename}/wizard`} primaryText="app.menu.wizard" leftIcon={<AutoFixHighIcon />} />
      )}
    </>
  );
};
