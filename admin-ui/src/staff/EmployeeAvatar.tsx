import { useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import { useArea } from '../shell/area';

/**
 * An uploaded picture is served only to the salon's own users (`GET files/<id>` with the token), so
 * an <img src> cannot ask for it: it is fetched with the token and shown from a local object URL.
 */
export const useFileUrl = (fileId: string | null | undefined): string | undefined => {
  const { apiBase, session } = useArea();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!fileId) {
      setUrl(undefined);
      return;
    }
    let objectUrl: string | undefined;
    let cancelled = false;
    const token = session.token();
    void fetch(`${apiBase}/files/${encodeURIComponent(fileId)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      .then((response) => (response.ok ? response.blob() : undefined))
      .then((blob) => {
        if (cancelled || !blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [apiBase, session, fileId]);
  return url;
};

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
