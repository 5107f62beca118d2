import { Link } from 'react-router-dom';
import { Button } from 'react-admin';
import { useCanAccess } from 'ra-core';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { useArea } from '../shell/area';
import { IMPORT_ACCESS, type ImportEntity } from './types';

/**
 * "Import from Excel" for a list's toolbar (customers, services, products): shown only to whoever may
 * add that record by hand, which is the import's own right.
 */
export const ImportButton = ({ entity }: { entity: ImportEntity }) => {
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: IMPORT_ACCESS, action: entity });
  if (!canAccess) return null;
  return (
    <Button
      component={Link}
      to={`${basename}/imports/${entity}`}
      label="app.imports.button"
      data-testid="import-button"
    >
      <UploadIcon />
    </Button>
  );
};
