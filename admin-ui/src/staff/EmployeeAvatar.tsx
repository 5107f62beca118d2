import Avatar from '@mui/material/Avatar';
import { useFileUrl } from '../forms/files';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0])
    .join('');

/** The employee's picture, or their initials while there is none. */
export const EmployeeAvatar = ({
  fileId,
  name,
  size = 36,
}: {
  fileId?: string | null;
  name: string;
  size?: number;
}) => {
  const url = useFileUrl(fileId);
  return (
    <Avatar
      src={url}
      alt={name}
      data-testid="employee-avatar"
      sx={{ width: size, height: size, fontSize: size / 2.6, bgcolor: 'primary.light' }}
    >
      {initials(name)}
    </Avatar>
  );
};
